// The migration that adds canonical usernames and emails backfills existing
// accounts with the app's own function, keeps the oldest of two compatibility
// twins, and can be rolled back.
import { expect, it } from 'vitest';
import { migrationSource } from '@adapters/database/migration-source';
import { describeMigration } from '@tests/support/migration-databases';

const MIGRATION = '20261123000000_user_canonical_names';

describeMigration('canonical names migration', MIGRATION, (database) => {
  it('backfills canonical forms, keeps the oldest twin, and rolls back', async () => {
    const db = database();
    const row = (username: string, email: string) => ({
      first_name: 'A',
      last_name: 'B',
      username,
      email,
      password_hash: 'x',
      major: 'M',
      year: 1,
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
    await expect(
      db('users').insert({ ...row('KELLY', 'new@ufl.edu'), username_canonical: 'kelly', email_canonical: 'new@ufl.edu' }),
    ).rejects.toMatchObject({
      constraint: 'users_username_canonical_unique',
    });
    await expect(db('users').insert(row('nobody', 'nobody@ufl.edu'))).rejects.toThrow(/null/i);

    await db.migrate.down({ migrationSource });
    expect(await db.schema.hasColumn('users', 'username_canonical')).toBe(false);
    await expect(db('users').insert(row('LIBBY.GATOR', 'x@ufl.edu'))).rejects.toMatchObject({ constraint: 'users_username_lower_unique' });
  });
});
