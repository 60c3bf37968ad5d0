import { describe } from 'vitest';
import { InMemoryCourseCatalog } from '@tests/fakes/in-memory-course-catalog';
import { InMemoryCourseMembership } from '@tests/fakes/in-memory-course-membership';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { KnexCourseMembership } from '@adapters/postgres/knex-course-membership';
import { KnexUserRepository } from '@adapters/postgres/knex-user-repository';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';
import { courseCatalogContract } from './course-catalog.contract';
import { courseMembershipContract } from './course-membership.contract';
import type { Knex } from 'knex';
import { knexCatalog } from '@tests/support/catalog-store';

describe('in-memory course adapters', () => {
  courseCatalogContract(async () => new InMemoryCourseCatalog());
  courseMembershipContract(async () => {
    const catalog = new InMemoryCourseCatalog();
    const users = new InMemoryUserRepository();
    return { catalog, users, membership: new InMemoryCourseMembership(catalog, users) };
  });
});

// Each contract gets an empty catalog (courses and their sections): the membership suite runs on its own tables.
async function emptyCourses(db: Knex) {
  await db.raw('truncate catalog_courses, courses, course_members, section_members, users restart identity cascade');
}

/** The Knex course adapters on one database, each contract on emptied tables. */
function knexCourseContracts(db: () => Knex) {
  courseCatalogContract(async () => {
    await emptyCourses(db());
    return knexCatalog(db());
  });
  courseMembershipContract(async () => {
    await emptyCourses(db());
    return { catalog: knexCatalog(db()), users: new KnexUserRepository(db()), membership: new KnexCourseMembership(db()) };
  });
}

describe('Knex course adapters on PGlite', () => {
  knexCourseContracts(usePglite());
});

describe.skipIf(!hasPostgres())('Knex course adapters on Postgres', () => {
  knexCourseContracts(usePostgres());
});
