import { describe } from 'vitest';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { KnexUserRepository } from '@adapters/postgres/knex-user-repository';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';
import { userRepositoryContract } from './user-repository.contract';

describe('InMemoryUserRepository', () => {
  userRepositoryContract(() => new InMemoryUserRepository());
});

describe('KnexUserRepository on PGlite', () => {
  const db = usePglite();
  userRepositoryContract(() => new KnexUserRepository(db()));
});

describe.skipIf(!hasPostgres())('KnexUserRepository on Postgres', () => {
  const db = usePostgres();
  userRepositoryContract(() => new KnexUserRepository(db()));
});
