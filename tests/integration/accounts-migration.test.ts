// The trusted-accounts migration on a database with accounts and sessions: the
// accounts made before it count as verified (none becomes claimable or loses
// posting), their sessions are indexed by student (a password change ends
// them too), a year may be cleared, and it rolls back.
import { expect, it } from 'vitest';
import { migrationSource } from '@adapters/database/migration-source';
import { KnexSessionStore } from '@adapters/postgres/knex-session-store';
import { KnexUserRepository } from '@adapters/postgres/knex-user-repository';
import { describeMigration } from '@tests/support/migration-databases';

const MIGRATION = '20261126000000_accounts';

describeMigration('accounts migration', MIGRATION, (database) => {
  it('counts existing accounts as verified, indexes their sessions, allows a cleared year, and rolls back', async () => {
    const db = database();
    const [alice] = await db('users')
      .insert({
        first_name: 'A',
        last_name: 'G',
        username: 'alice',
        username_canonical: 'alice',
        email: 'alice@ufl.edu',
        email_canonical: 'alice@ufl.edu',
        password_hash: 'x',
        major: 'M',
        year: 2,
      })
      .returning('id');
    const later = new Date(Date.now() + 86_400_000);
    await db('sessions').insert([
      { sid: 'alice-laptop', data: JSON.stringify({ userId: alice.id, csrf: 'x' }), expires_at: later },
      { sid: 'visitor', data: JSON.stringify({ csrf: 'y' }), expires_at: later },
    ]);

    await db.migrate.up({ migrationSource });
    const users = new KnexUserRepository(db);
    // Verified, so never claimable (the repository's claim lookup needs a later migration's column, so it is not asked here).
    expect((await users.findById(alice.id))?.emailVerified).toBe(true);
    expect(await new KnexSessionStore(db).destroyAllOf(alice.id)).toEqual(['alice-laptop']);
    expect(await users.updateProfile(alice.id, { firstName: 'A', lastName: 'G', major: '', year: '', bio: '' })).toMatchObject({
      year: '',
      major: '',
    });

    await db.migrate.down({ migrationSource });
    expect(await db.schema.hasTable('account_tokens')).toBe(false);
    expect(await db.schema.hasColumn('users', 'email_verified_at')).toBe(false);
    expect(await db.schema.hasColumn('sessions', 'user_id')).toBe(false);
    expect((await db('users').where({ id: alice.id }).first()).year).toBe(1);
  });
});
