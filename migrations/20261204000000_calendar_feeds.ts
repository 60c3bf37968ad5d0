// The calendar file and subscription address (docs/decisions/0107-calendar-file-and-subscription.md):
// one secret feed address per student, kept as its token's SHA-256 hash, and
// the revision of each meeting's event as last served (SEQUENCE, LAST-MODIFIED).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('calendar_feeds', (t) => {
    // One address per student: making a new one replaces the row, revoking the old token.
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique('calendar_feeds_token_hash');
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('calendar_event_revisions', (t) => {
    t.integer('meeting_id').primary().references('meetings.id').onDelete('CASCADE');
    t.text('fingerprint').notNullable();
    t.integer('sequence').notNullable();
    t.timestamp('modified_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('calendar_event_revisions');
  await knex.schema.dropTableIfExists('calendar_feeds');
}
