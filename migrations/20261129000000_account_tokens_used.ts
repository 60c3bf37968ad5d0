// A mailed link's token is marked used instead of deleted, and kept until its
// time is up: a link opened again can then say it was used (and a verification
// link whose address is verified can say so), and a page can check a link
// when it opens without using it up.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('account_tokens', (t) => {
    t.timestamp('used_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('account_tokens').whereNotNull('used_at').delete();
  await knex.schema.alterTable('account_tokens', (t) => {
    t.dropColumn('used_at');
  });
}
