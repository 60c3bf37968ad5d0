// Claiming an address that another account holds but never verified
// (domain/user/address-claim.ts): the claiming account is created with the
// address and `email_pending`, and takes it only when its verification link
// is opened. The address stays unique among the accounts that hold one; any
// number of claims may wait beside its holder.
//
// Deleted accounts now keep their canonical username (it stays reserved).
// Accounts deleted before this version cannot: their tombstones already hold
// `deleted:<id>` for it, and nothing else kept the name (archived messages
// point at the account and hold no username), so those names stay free.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.boolean('email_pending').notNullable().defaultTo(false);
  });
  await knex.raw('drop index users_email_canonical_unique');
  await knex.raw('create unique index users_email_canonical_unique on users (email_canonical) where not email_pending');
}

export async function down(knex: Knex): Promise<void> {
  // Claims still waiting lose the address they waited for (a marker without "@", which nothing matches).
  await knex('users')
    .where({ email_pending: true })
    .update({ email_canonical: knex.raw(`'claim:' || id`) });
  await knex.raw('drop index users_email_canonical_unique');
  await knex.raw('create unique index users_email_canonical_unique on users (email_canonical)');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('email_pending');
  });
}
