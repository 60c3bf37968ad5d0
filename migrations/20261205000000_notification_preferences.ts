// Notification preferences (docs/decisions/0113-notifications.md): one JSON
// document per student who changed them; a student without a row has the
// defaults, so the table starts empty.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notification_preferences', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.jsonb('settings').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notification_preferences');
}
