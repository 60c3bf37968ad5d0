// A post's client message id (idempotent chat posts): the embedded mode's log
// (KnexChatLog) stores it with the message, unique per student and room, so a
// retried post finds the message its first try stored instead of adding a
// second. Archived rows from Redis streams leave it null (Redis keeps those
// ids itself), and the index holds only the rows that have one.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_messages', (t) => {
    t.string('client_message_id', 64);
  });
  await knex.raw(
    `create unique index chat_messages_client_message_unique
       on chat_messages (room_type, room_id, user_id, client_message_id)
       where client_message_id is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists chat_messages_client_message_unique');
  await knex.schema.alterTable('chat_messages', (t) => {
    t.dropColumn('client_message_id');
  });
}
