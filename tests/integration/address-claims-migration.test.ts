// The migration of address claims on a database with accounts: existing
// accounts hold their addresses, an address has one holder and any number of
// waiting claims, and it rolls back (claims still waiting lose the address).
import { expect, it } from 'vitest';
import { migrationSource } from '@adapters/database/migration-source';
import { describeMigration } from '@tests/support/migration-databases';

describeMigration('address claims migration', '20261128500000_address_claims', (database) => {
  it('keeps existing accounts as holders, allows waiting claims beside one holder, and rolls back', async () => {
    const db = database();
    const user = (name: string, email: string) => ({
      first_name: 'A',
      last_name: 'G',
      username: name,
      username_canonical: name,
      email,
      email_canonical: email,
      password_hash: 'x',
      major: 'M',
      year: 2,
    });
    const [alice] = await db('users').insert(user('alice', 'alice@ufl.edu')).returning('id');

    await db.migrate.up({ migrationSource });
    expect((await db('users').where({ id: alice.id }).first()).email_pending).toBe(false);
    await expect(db('users').insert(user('twin', 'alice@ufl.edu'))).rejects.toMatchObject({
      code: '23505',
      constraint: 'users_email_canonical_unique',
    });
    const claims = await db('users')
      .insert([
        { ...user('claim1', 'alice@ufl.edu'), email_pending: true },
        { ...user('claim2', 'alice@ufl.edu'), email_pending: true },
      ])
      .returning('id');

    await db.migrate.down({ migrationSource });
    expect(await db.schema.hasColumn('users', 'email_pending')).toBe(false);
    const rows = await db('users').select('id', 'email_canonical').orderBy('id');
    expect(rows).toEqual([
      { id: alice.id, email_canonical: 'alice@ufl.edu' },
      ...claims.map(({ id }: { id: number }) => ({ id, email_canonical: `claim:${id}` })),
    ]);
    await expect(db('users').insert(user('twin', 'alice@ufl.edu'))).rejects.toMatchObject({ code: '23505' });
  });
});
