// Chat message actions and unread marks. An edit or a delete is an entry of
// its room's log like a message (kind, and the message it targets, with the
// message's state after it), so pollers receive it in order; the current state
// of every changed message is kept apart (chat_message_edits), written when
// the change is made, so history shows it whatever the fast store loses.
// chat_read_markers keeps where each student has read up to in each room.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_messages', (t) => {
    t.string('kind', 10).notNullable().defaultTo('message');
    // The message an edit or delete changes (null for a message).
    t.bigInteger('target_ms');
    t.integer('target_seq');
    // An edit's or delete's snapshot of the message after it.
    t.timestamp('edited_at', { useTz: true });
    t.boolean('deleted').notNullable().defaultTo(false);
    t.check(`kind in ('message', 'edit', 'delete')`, [], 'chat_messages_kind');
    t.check(`(kind = 'message') = (target_ms is null) and (target_ms is null) = (target_seq is null)`, [], 'chat_messages_event_target');
  });

  await knex.schema.createTable('chat_message_edits', (t) => {
    t.string('room_type', 10).notNullable();
    t.integer('room_id').notNullable();
    t.bigInteger('target_ms').notNullable();
    t.integer('target_seq').notNullable();
    // The text now ('' once deleted).
    t.string('message', 2000).notNullable();
    t.timestamp('edited_at', { useTz: true });
    t.timestamp('deleted_at', { useTz: true });
    t.primary(['room_type', 'room_id', 'target_ms', 'target_seq']);
  });

  await knex.schema.createTable('chat_read_markers', (t) => {
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('room_type', 10).notNullable();
    t.integer('room_id').notNullable();
    t.bigInteger('read_ms').notNullable();
    t.integer('read_seq').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'room_type', 'room_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('chat_read_markers');
  await knex.schema.dropTableIfExists('chat_message_edits');
  await knex('chat_messages').whereNot('kind', 'message').delete();
  await knex.schema.alterTable('chat_messages', (t) => {
    t.dropChecks(['chat_messages_kind', 'chat_messages_event_target']);
    t.dropColumns('kind', 'target_ms', 'target_seq', 'edited_at', 'deleted');
  });
}
