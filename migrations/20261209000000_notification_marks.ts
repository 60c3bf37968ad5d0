// Notification marks (docs/decisions/0120-room-notifications.md): how far into
// each room's log each student was told of, per channel, so a batch of new
// messages reaches them once, whichever app server gathers it.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notification_marks', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('room_type', 10).notNullable();
    t.integer('room_id').notNullable();
    t.string('channel', 10).notNullable();
    t.bigInteger('through_ms').notNullable();
    t.integer('through_seq').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.primary(['room_type', 'room_id', 'channel', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notification_marks');
}
