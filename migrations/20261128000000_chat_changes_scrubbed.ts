// Removed means removed: a deleted message's text, and an edited message's
// earlier text, are kept nowhere. chat_message_edits gains the id of each
// changed message's latest edit or delete (the one entry a poll answers for
// it, and the stream entry the next change replaces) and how many edits it
// had (the limit of edits per message, counted in the change's transaction).
// The archive's rows of changed messages (the message and every edit or
// delete of it) are rewritten to the current text ('' once deleted).
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('chat_message_edits', (t) => {
    t.bigInteger('event_ms');
    t.integer('event_seq');
    t.integer('edit_count').notNullable().defaultTo(0);
  });
  // Every change rewrites the rows of its message's earlier changes.
  await knex.raw(
    `create index chat_messages_changes_by_target on chat_messages (room_type, room_id, target_ms, target_seq) where target_ms is not null`,
  );
  await knex.raw(`create index chat_message_edits_by_event on chat_message_edits (room_type, room_id, event_ms, event_seq)`);

  // The latest change the archive holds; for one only Redis held (the
  // projector had not archived it yet), the message's own id stands in: the
  // change is then answered at the message's place.
  await knex.raw(
    `update chat_message_edits e set
       (event_ms, event_seq) = (
         select m.stream_ms, m.stream_seq from chat_messages m
         where m.room_type = e.room_type and m.room_id = e.room_id and m.target_ms = e.target_ms and m.target_seq = e.target_seq
         order by m.stream_ms desc, m.stream_seq desc limit 1),
       edit_count = greatest(
         (e.edited_at is not null)::int,
         (select count(*) from chat_messages m
          where m.room_type = e.room_type and m.room_id = e.room_id and m.target_ms = e.target_ms and m.target_seq = e.target_seq and m.kind = 'edit'))`,
  );
  await knex.raw(`update chat_message_edits set event_ms = target_ms, event_seq = target_seq where event_ms is null`);
  await knex.raw(`alter table chat_message_edits alter column event_ms set not null, alter column event_seq set not null`);

  await knex.raw(
    `update chat_messages m set message = e.message from chat_message_edits e
     where m.room_type = e.room_type and m.room_id = e.room_id and m.kind = 'message'
       and m.stream_ms = e.target_ms and m.stream_seq = e.target_seq and m.message <> e.message`,
  );
  await knex.raw(
    `update chat_messages m set message = e.message from chat_message_edits e
     where m.room_type = e.room_type and m.room_id = e.room_id and m.target_ms is not null
       and m.target_ms = e.target_ms and m.target_seq = e.target_seq and m.message <> e.message`,
  );
}

// The scrubbed text cannot come back; only the columns and indexes go.
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists chat_message_edits_by_event');
  await knex.raw('drop index if exists chat_messages_changes_by_target');
  await knex.schema.alterTable('chat_message_edits', (t) => {
    t.dropColumns('event_ms', 'event_seq', 'edit_count');
  });
}
