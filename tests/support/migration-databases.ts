// A migration's test runs on an in-process PGlite and, when the machine has
// one, a fresh database on the test Postgres, each migrated up to just before
// that migration, so the test can write rows the way an older version did.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe } from 'vitest';
import { createKnex } from '@adapters/database/create-knex';
import { migrationSource } from '@adapters/database/migration-source';
import { createTestDatabase } from './test-services';
import { hasPostgres } from './use-adapters';

type OpenDatabase = () => Promise<{ db: Knex; close(): Promise<void> }>;

const openPglite: OpenDatabase = async () => {
  const db = createKnex({ kind: 'pglite' });
  return { db, close: () => db.destroy() };
};

const openPostgres: OpenDatabase = async () => {
  const testDb = await createTestDatabase();
  const db = createKnex({ kind: 'postgres', url: testDb.url });
  return {
    db,
    close: async () => {
      await db.destroy();
      await testDb.drop();
    },
  };
};

/** `suite` once on PGlite and once on Postgres (skipped without one); `db()` is migrated up to just before `migration`. */
export function describeMigration(title: string, migration: string, suite: (db: () => Knex) => void): void {
  const run = (open: OpenDatabase) => () => {
    let db: Knex;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await open());
      const before = (await migrationSource.getMigrations([])).filter((name) => name < migration);
      for (let i = 0; i < before.length; i++) await db.migrate.up({ migrationSource });
    });
    afterAll(async () => close?.());
    suite(() => db);
  };
  describe(`${title} on PGlite`, run(openPglite));
  describe.skipIf(!hasPostgres())(`${title} on Postgres`, run(openPostgres));
}
