import type { Knex } from 'knex';
import { describe } from 'vitest';
import { InMemoryCourseCatalog } from '@tests/fakes/in-memory-course-catalog';
import { InMemoryStudyGroupRepository } from '@tests/fakes/in-memory-study-group-repository';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { KnexStudyGroupRepository } from '@adapters/postgres/knex-study-group-repository';
import { KnexUserRepository } from '@adapters/postgres/knex-user-repository';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';
import { studyGroupRepositoryContract } from './study-group-repository.contract';
import { knexCatalog } from '@tests/support/catalog-store';

describe('InMemoryStudyGroupRepository', () => {
  studyGroupRepositoryContract(async () => {
    const users = new InMemoryUserRepository();
    return { users, catalog: new InMemoryCourseCatalog(), groups: new InMemoryStudyGroupRepository(users) };
  });
});

const knexWorld = (db: Knex) => ({
  users: new KnexUserRepository(db),
  catalog: knexCatalog(db),
  groups: new KnexStudyGroupRepository(db),
});

describe('KnexStudyGroupRepository on PGlite', () => {
  const db = usePglite();
  studyGroupRepositoryContract(async () => knexWorld(db()));
});

describe.skipIf(!hasPostgres())('KnexStudyGroupRepository on Postgres', () => {
  const db = usePostgres();
  studyGroupRepositoryContract(async () => knexWorld(db()));
});
