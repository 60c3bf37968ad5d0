import type { Knex } from 'knex';
import { describe } from 'vitest';
import { KnexDigestStore } from '@adapters/postgres/knex-digest-store';
import { UserId } from '@domain/ids';
import { InMemoryDigestStore } from '@tests/fakes/in-memory-digest-store';
import { insertUser } from '@tests/support/chat-fixtures';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';
import { digestStoreContract, type DigestStoreWorld } from './digest-store.contract';

describe('InMemoryDigestStore', () => {
  digestStoreContract(async () => {
    const store = new InMemoryDigestStore();
    let ids = 0;
    return { store, addStudent: async () => UserId((ids += 1)), deleteStudent: async (id) => store.forget(id) };
  });
});

const knexWorld = (db: () => Knex) => async (): Promise<DigestStoreWorld> => ({
  store: new KnexDigestStore(db()),
  addStudent: async () => (await insertUser(db(), 'digested')).id,
  deleteStudent: async (id) => {
    await db()('users').where({ id }).delete();
  },
});

describe('KnexDigestStore on PGlite', () => {
  digestStoreContract(knexWorld(usePglite()));
});

describe.skipIf(!hasPostgres())('KnexDigestStore on Postgres', () => {
  digestStoreContract(knexWorld(usePostgres()));
});
