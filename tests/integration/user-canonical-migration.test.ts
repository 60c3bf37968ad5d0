// The migration that adds canonical usernames and emails backfills existing
// accounts with the app's own function, keeps the oldest of two compatibility
// twins, and can be rolled back.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '../../adapters/database/create-knex';
import { migrationSource } from '../../adapters/database/migration-source';
import { createTestDatabase, type TestDatabase } from '../support/test-services';
import { hasPostgres } from '../support/use-adapters';

const MIGRATION = '20261123000000_user_canonical_names';

function migrationSuite(open: () => Promise<{ db: Knex; close(): Promise<void> }>) {
  let db: Knex;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await open());
    // Every migration before this one.
    const names = (await migrationSource.getMigrations([])).filter((name) => name < MIGRATION);
    for (let i = 0; i < names.length; i++) await db.migrate.up({ migrationSource });
  });
  afterAll(async () => close?.());

  it('backfills canonical forms, keeps the oldest twin, and rolls back', async () => {
    const row = (username: string, email: string) => ({
      first_name: 'A', last_name: 'B', username, email, password_hash: 'x', major: 'M', year: 1,
    });
    const [older] = await db('users').insert(row('Kelly', 'sp@ufl.edu')).returning('id');
    // Possible before: lower() saw two different addresses.
    const [twin] = await db('users').insert(row('kelly2', 'ｓp@ufl.edu')).returning('id');
    const [other] = await db('users').insert(row('Libby.Gator', 'Libby@UFL.edu')).returning('id');

    await db.migrate.up({ migrationSource });
    const rows = await db('users').select('id', 'username_canonical', 'email_canonical').orderBy('id');
    expect(rows).toEqual([
      { id: older.id, username_canonical: 'kelly', email_canonical: 'sp@ufl.edu' },
      { id: twin.id, username_canonical: 'kelly2', email_canonical: `duplicate-of-${older.id}:${twin.id}` },
      { id: other.id, username_canonical: 'libby.gator', email_canonical: 'libby@ufl.edu' },
    ]);
    await expect(db('users').insert({ ...row('KELLY', 'new@ufl.edu'), username_canonical: 'kelly', email_canonical: 'new@ufl.edu' })).rejects.toMatchObject({
      constraint: 'users_username_canonical_unique',
    });
    await expect(db('users').insert(row('nobody', 'nobody@ufl.edu'))).rejects.toThrow(/null/i);

    await db.migrate.down({ migrationSource });
    expect(await db.schema.hasColumn('users', 'username_canonical')).toBe(false);
    await expect(db('users').insert(row('LIBBY.GATOR', 'x@ufl.edu'))).rejects.toMatchObject({ constraint: 'users_username_lower_unique' });
  });
}

describe('canonical names migration on PGlite', () => {
  migrationSuite(async () => {
    const db = createKnex({ kind: 'pglite' });
    return { db, close: () => db.destroy() };
  });
});

describe.skipIf(!hasPostgres())('canonical names migration on Postgres', () => {
  migrationSuite(async () => {
    const testDb: TestDatabase = await createTestDatabase();
    const db = createKnex({ kind: 'postgres', url: testDb.url });
    return {
      db,
      close: async () => {
        await db.destroy();
        await testDb.drop();
      },
    };
  });
});
