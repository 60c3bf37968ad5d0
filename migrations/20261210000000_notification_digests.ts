// Mail digests (docs/decisions/0122-mail-digests.md): what each student is to
// be told by mail, kept until their next digest, and when their last one went.
// A sent (or dropped) entry keeps its row a week, settled, so the same event
// added again by a retried job is not mailed twice.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notification_digest_entries', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('key', 200).notNullable();
    t.string('kind', 30).notNullable();
    t.integer('group_id');
    t.text('title').notNullable();
    t.text('summary').notNullable();
    t.jsonb('quotes').notNullable();
    t.text('url').notNullable();
    t.timestamp('at', { useTz: true }).notNullable();
    // Taken into a digest being sent: a retry sends the same entries again (and so the same
    // Message-ID); while the claim is fresh, no other run sends them.
    t.timestamp('claimed_at', { useTz: true });
    // Sent or dropped; the row stays a while so a second add of the key is kept once.
    t.timestamp('settled_at', { useTz: true });
    t.primary(['user_id', 'key']);
  });
  await knex.schema.createTable('notification_digests', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.timestamp('last_sent_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notification_digests');
  await knex.schema.dropTableIfExists('notification_digest_entries');
}
