// Replies and reactions in chat (docs/decisions/0117-replies-and-reactions.md):
// a message may name the message of its room it answers (reply_ms, reply_seq);
// reactions are one row per student, emoji and message, and each reacted
// message's current reactions are part of its state in chat_message_edits
// (written under the room's lock with the rows, so a reaction is an event
// of the log like an edit).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_messages', (t) => {
    t.bigInteger('reply_ms');
    t.integer('reply_seq');
    t.check('(reply_ms is null) = (reply_seq is null)', [], 'chat_messages_reply_pair');
  });
  await knex.schema.alterTable('chat_message_edits', (t) => {
    // [{ "emoji": "👍", "userIds": [3, 9] }, ...] in the domain's order; null: none.
    t.jsonb('reactions');
  });
  await knex.schema.createTable('chat_reactions', (t) => {
    t.string('room_type', 10).notNullable();
    t.integer('room_id').notNullable();
    t.bigInteger('target_ms').notNullable();
    t.integer('target_seq').notNullable();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('emoji', 16).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.primary(['room_type', 'room_id', 'target_ms', 'target_seq', 'user_id', 'emoji']);
    // "Most useful": a room's reactions of the last days.
    t.index(['room_type', 'room_id', 'target_ms'], 'chat_reactions_room_time');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('chat_reactions');
  await knex.schema.alterTable('chat_message_edits', (t) => {
    t.dropColumn('reactions');
  });
  await knex.schema.alterTable('chat_messages', (t) => {
    t.dropChecks(['chat_messages_reply_pair']);
    t.dropColumn('reply_seq');
    t.dropColumn('reply_ms');
  });
}
