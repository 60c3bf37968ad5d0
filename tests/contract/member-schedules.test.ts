import type { Knex } from 'knex';
import { describe } from 'vitest';
import { InMemoryCourseCatalog } from '@tests/fakes/in-memory-course-catalog';
import { InMemoryCourseMembership } from '@tests/fakes/in-memory-course-membership';
import { InMemoryMemberSchedules } from '@tests/fakes/in-memory-member-schedules';
import { InMemoryStudyGroupRepository } from '@tests/fakes/in-memory-study-group-repository';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { KnexCourseMembership } from '@adapters/postgres/knex-course-membership';
import { KnexMemberSchedules } from '@adapters/postgres/knex-member-schedules';
import { KnexStudyGroupRepository } from '@adapters/postgres/knex-study-group-repository';
import { KnexUserRepository } from '@adapters/postgres/knex-user-repository';
import { knexCatalog } from '@tests/support/catalog-store';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';
import { memberSchedulesContract } from './member-schedules.contract';

describe('InMemoryMemberSchedules', () => {
  memberSchedulesContract(async () => {
    const users = new InMemoryUserRepository();
    const catalog = new InMemoryCourseCatalog();
    const membership = new InMemoryCourseMembership(catalog, users);
    const groups = new InMemoryStudyGroupRepository(users);
    return { users, catalog, membership, groups, schedules: new InMemoryMemberSchedules(groups, membership, catalog) };
  });
});

const knexWorld = (db: Knex) => ({
  users: new KnexUserRepository(db),
  catalog: knexCatalog(db),
  membership: new KnexCourseMembership(db),
  groups: new KnexStudyGroupRepository(db),
  schedules: new KnexMemberSchedules(db),
});

describe('KnexMemberSchedules on PGlite', () => {
  const db = usePglite();
  memberSchedulesContract(async () => knexWorld(db()));
});

describe.skipIf(!hasPostgres())('KnexMemberSchedules on Postgres', () => {
  const db = usePostgres();
  memberSchedulesContract(async () => knexWorld(db()));
});
