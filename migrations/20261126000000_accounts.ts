// Accounts students can trust: verified addresses, single-use
// mailed links, profiles whose major and year may be cleared, deleted
// accounts kept as tombstones (their messages stay), and the sessions of a
// student found together so they can all be ended.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('email_verified_at', { useTz: true });
    t.timestamp('deleted_at', { useTz: true });
  });
  // Accounts made before verification existed were never asked to verify:
  // they count as verified (otherwise, with EMAIL_VERIFICATION=required, every
  // existing student would lose posting at once, and their addresses would be
  // claimable by anyone signing up with them).
  await knex('users').update({ email_verified_at: knex.ref('created_at') });

  // A cleared year is null ("Not specified").
  await knex.raw('alter table users drop constraint users_year_range');
  await knex.raw('alter table users alter column year drop not null');
  await knex.raw('alter table users add constraint users_year_range check (year is null or year between 1 and 4)');

  // Only hashes of the tokens (sha256: the tokens are 256 random bits); one row per live link.
  await knex.schema.createTable('account_tokens', (t) => {
    t.string('token_hash', 64).primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('purpose', 20).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'purpose'], 'account_tokens_user_purpose');
    t.index(['expires_at'], 'account_tokens_expires_at');
    t.check(`purpose in ('verify-email', 'reset-password')`, [], 'account_tokens_purpose');
  });

  // The embedded mode's sessions: whose they are (to end them all), and
  // destroyed ones kept for a while so a late write cannot bring them back.
  await knex.schema.alterTable('sessions', (t) => {
    t.integer('user_id');
    t.boolean('destroyed').notNullable().defaultTo(false);
    t.index(['user_id'], 'sessions_user_id');
  });
  // Sessions signed in before this version: indexed by their student, so a password change ends them too.
  await knex.raw(`update sessions set user_id = (data->>'userId')::integer where jsonb_typeof(data->'userId') = 'number'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.dropIndex(['user_id'], 'sessions_user_id');
    t.dropColumn('user_id');
    t.dropColumn('destroyed');
  });
  await knex.schema.dropTableIfExists('account_tokens');
  await knex('users').whereNull('year').update({ year: 1 });
  await knex.raw('alter table users drop constraint users_year_range');
  await knex.raw('alter table users alter column year set not null');
  await knex.raw('alter table users add constraint users_year_range check (year between 1 and 4)');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('deleted_at');
    t.dropColumn('email_verified_at');
  });
}
