// The durable chat history in chat_messages, keyed by (room, stream id): the
// messages, and the edits and deletes as entries of their own. The embedded
// mode keeps its chat here directly; with Redis, the projector copies each
// stream entry here and the stream reads fall back to it for older history.
// chat_message_edits holds each changed message's current state and the id
// of its latest change, written when the change is made. Removed means
// removed: a change rewrites every row of its message to the current text
// ('' once deleted), a row archived later is written with that text, and
// reads answer a changed message only in its current state (a poll: only
// as its latest change).
// This file holds the writes, under the room's lock; the class extends the
// reads (knex-chat-archive-reads.ts), and the shapes both use live in
// chat-archive-entries.ts.
import type { Knex } from 'knex';
import { TooManyEditsError } from '@domain/chat/chat-errors';
import { MAX_EDITS_PER_MESSAGE, type ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { formatMessageId, messageTime, parseMessageId, type MessageId } from '@domain/chat/message-id';
import { summarizeReactions, type MessageReaction } from '@domain/chat/reactions';
import { UserId } from '@domain/ids';
import type { ReactionChange } from '@application/ports/chat-log';
import { reactionsFromColumn, withState, type ArchivedEntry, type PreviousChange } from './chat-archive-entries';
import { KnexChatArchiveReads, type Db } from './knex-chat-archive-reads';
import {
  coursesOfSections,
  coursesWithSectionChat,
  mergeSectionChatRooms,
  sectionsOf,
  type SectionRoomMerge,
} from './merge-section-chat-rooms';

// pg_advisory_xact_lock(class, room id): one writer per room at a time.
const ROOM_LOCK_CLASS = { course: 1, group: 2 } as const;

/**
 * Takes the rooms' write locks until the transaction ends (reentrant), in one
 * order, so two writers of several rooms cannot deadlock. Every write of a
 * room's chat_messages rows holds its room's: appends (embedded), changes,
 * and the projector's inserts, which must not write a text a change is
 * removing at the same moment.
 */
export async function lockRooms(trx: Knex.Transaction, rooms: ChatRoom[]): Promise<void> {
  const distinct = new Map(rooms.map((room) => [`${ROOM_LOCK_CLASS[room.kind]}:${room.id}`, room]));
  if (distinct.size === 1) {
    const [room] = distinct.values();
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [ROOM_LOCK_CLASS[room.kind], room.id]);
    return;
  }
  const sorted = [...distinct.values()].sort((a, b) => ROOM_LOCK_CLASS[a.kind] - ROOM_LOCK_CLASS[b.kind] || a.id - b.id);
  // unnest yields the rows in the arrays' order, and each lock is taken as its row is read.
  await trx.raw('select pg_advisory_xact_lock(r.class, r.id) from unnest(?::int[], ?::int[]) as r(class, id)', [
    sorted.map((room) => ROOM_LOCK_CLASS[room.kind]),
    sorted.map((room) => room.id),
  ]);
}

export class KnexChatArchive extends KnexChatArchiveReads {
  /**
   * find(), once no change of the room is half done: a change takes its
   * message out of the Redis stream before its transaction commits the
   * message's state here, so a reader that found the message in neither may
   * have looked in between. Waiting for a share of the room's lock waits out
   * that writer; what it committed is then read. Only for that miss: every
   * other read goes without a lock.
   */
  async findAfterWriters(room: ChatRoom, id: MessageId): Promise<ChatMessage | null> {
    await this.db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock_shared(?, ?)', [ROOM_LOCK_CLASS[room.kind], room.id]);
    });
    return this.find(room, id);
  }

  /**
   * Inserts what is not there yet (a replayed entry, or a post whose student
   * already stored one under its client message id, changes nothing) and
   * answers how many rows were new. A row of a changed message (the message,
   * or an earlier edit of it, read from a stream before the change) is
   * written with the message's current text, never the text the entry holds,
   * under the rooms' locks, so no change can miss it. An entry whose author's
   * row is gone is skipped (a deleted account stays as a tombstone row, so
   * only a row removed by hand does this): one such entry must not stop the
   * projector for good. Given a transaction, its caller holds the rooms' locks.
   */
  async store(entries: ArchivedEntry[], db: Db = this.db): Promise<number> {
    if (entries.length === 0) return 0;
    if (db.isTransaction) return this.insert(entries, db as Knex.Transaction);
    return db.transaction(async (trx) => {
      await lockRooms(
        trx,
        entries.map((e) => e.room),
      );
      return this.insert(entries, trx);
    });
  }

  private async insert(entries: ArchivedEntry[], trx: Knex.Transaction): Promise<number> {
    const rows = entries.map((e) => ({
      room_type: e.room.kind,
      room_id: e.room.id,
      stream_ms: e.id.ms,
      stream_seq: e.id.seq,
      kind: e.change?.kind ?? 'message',
      target_ms: e.change?.target.ms ?? null,
      target_seq: e.change?.target.seq ?? null,
      user_id: e.userId,
      message: e.message,
      edited_at: e.change?.editedAt?.toISOString() ?? null,
      deleted: e.change?.deleted ?? false,
      created_at: messageTime(e.id).toISOString(),
      client_message_id: e.clientMessageID ?? null,
      reply_ms: e.change ? null : (e.replyTo?.ms ?? null),
      reply_seq: e.change ? null : (e.replyTo?.seq ?? null),
    }));
    const { rows: inserted } = await trx.raw<{ rows: unknown[] }>(
      `insert into chat_messages (room_type, room_id, stream_ms, stream_seq, kind, target_ms, target_seq, user_id, message, edited_at, deleted, created_at, client_message_id, reply_ms, reply_seq)
       select v.room_type, v.room_id, v.stream_ms, v.stream_seq, v.kind, v.target_ms, v.target_seq, v.user_id, coalesce(e.message, v.message), v.edited_at, v.deleted, v.created_at, v.client_message_id, v.reply_ms, v.reply_seq
       from jsonb_to_recordset(?::jsonb) as v(room_type text, room_id integer, stream_ms bigint, stream_seq integer, kind text,
                                              target_ms bigint, target_seq integer, user_id integer, message text,
                                              edited_at timestamptz, deleted boolean, created_at timestamptz, client_message_id text,
                                              reply_ms bigint, reply_seq integer)
       left join chat_message_edits e
         on e.room_type = v.room_type and e.room_id = v.room_id
        and e.target_ms = coalesce(v.target_ms, v.stream_ms) and e.target_seq = coalesce(v.target_seq, v.stream_seq)
       where exists (select 1 from users u where u.id = v.user_id)
       -- Either unique key: the room's stream id, or (a post only) the student's client message id.
       on conflict do nothing
       returning id`,
      [JSON.stringify(rows)],
    );
    return inserted.length;
  }

  /**
   * Moves what the rooms of the course's sections hold into the course's room
   * (merge-section-chat-rooms.ts), under the rooms' locks, so no write of
   * theirs (an append, a change, the projector's insert) comes in between.
   */
  async mergeSectionRooms(courseId: number): Promise<SectionRoomMerge> {
    return this.db.transaction(async (trx) => {
      const sections = await sectionsOf(trx, courseId);
      await lockRooms(
        trx,
        [courseId, ...sections].map((id): ChatRoom => ({ kind: 'course', id })),
      );
      return mergeSectionChatRooms(trx, [courseId]);
    });
  }

  /** The courses with a section room that still holds anything. */
  coursesWithSectionChat(): Promise<number[]> {
    return coursesWithSectionChat(this.db);
  }

  /** The course of each of these ids that is a section's (a course's own id is not in the map). */
  coursesOfSections(ids: number[]): Promise<Map<number, number>> {
    return coursesOfSections(this.db, ids);
  }

  /**
   * Keeps a message's new state (edited text, deleted, or its reactions
   * changed) and runs `then` (appending the change to the log, told the
   * message's previous change and its state after this one) in the same
   * transaction, under the room's lock with the state's row locked, so two
   * changes of one message reach the log in the order their states were
   * stored. Before `then`: an edit past MAX_EDITS_PER_MESSAGE is refused
   * (TooManyEditsError, nothing written); a reaction is set or taken off in
   * chat_reactions (nothing more happens when that changes nothing, or when
   * the message is deleted); the message's row is archived if it was not yet
   * (with the new text: with Redis, the stream entry is about to go), every
   * row of the message (the message, its earlier changes) is rewritten to the
   * new text, and the new state is stored (so the change's own row, which
   * `then` writes in the embedded mode, takes its text). The reactions of the
   * state are always the table's: an edit keeps them, a delete removes them.
   * After `then`, the state takes the change's id, which `then` gives. Answers
   * the state with `event`, or without (and `changed` false) when nothing was recorded.
   */
  async recordState(
    room: ChatRoom,
    change: StateChange,
    then: (trx: Knex.Transaction, previous: PreviousChange | null, state: ChatMessage) => Promise<MessageId>,
  ): Promise<{ state: ChatMessage; changed: boolean } | null> {
    const message = change.kind === 'react' ? change.message : change.state;
    const id = parseMessageId(message.id)!;
    const key = { room_type: room.kind, room_id: room.id, target_ms: id.ms, target_seq: id.seq };
    return this.db.transaction(async (trx) => {
      await lockRooms(trx, [room]);
      const before = await trx('chat_message_edits').where(key).forUpdate().first<
        | {
            event_ms: string | number;
            event_seq: number;
            edit_count: number;
            message: string;
            edited_at: Date | string | null;
            deleted_at: Date | string | null;
            reactions: unknown;
          }
        | undefined
      >('event_ms', 'event_seq', 'edit_count', 'message', 'edited_at', 'deleted_at', 'reactions');
      const edits = (before?.edit_count ?? 0) + (change.kind === 'edit' ? 1 : 0);
      if (edits > MAX_EDITS_PER_MESSAGE) throw new TooManyEditsError();

      let state: ChatMessage;
      if (change.kind === 'react') {
        // The message as it reads now: its stored state (the caller's copy may be older), else as posted.
        if (before?.deleted_at) return null;
        const current = before
          ? withState(message, before.message, before.edited_at, false)
          : withState(message, message.message, null, false);
        const reactionsChanged = await this.setReaction(trx, key, change.reaction);
        const reactions = reactionsChanged ? await this.reactionsOf(trx, key) : reactionsFromColumn(before?.reactions);
        state = withState(current, current.message, current.editedAt, false, reactions);
        if (!reactionsChanged) return { state, changed: false };
      } else if (change.kind === 'edit') {
        state = withState(change.state, change.state.message, change.state.editedAt, false, reactionsFromColumn(before?.reactions));
      } else {
        await trx('chat_reactions').where(key).delete();
        state = withState(change.state, '', change.state.editedAt, true);
      }

      await trx.raw(
        `insert into chat_messages (room_type, room_id, stream_ms, stream_seq, kind, user_id, message, created_at, reply_ms, reply_seq)
         select ?, ?, ?, ?, 'message', u.id, ?, ?, ?, ? from users u where u.id = ?
         on conflict do nothing`,
        [
          room.kind,
          room.id,
          id.ms,
          id.seq,
          state.message,
          messageTime(id).toISOString(),
          replyOf(state)?.ms ?? null,
          replyOf(state)?.seq ?? null,
          state.userId,
        ],
      );
      await trx('chat_messages')
        .where({ room_type: room.kind, room_id: room.id })
        .where((rows) => {
          void rows.where({ kind: 'message', stream_ms: id.ms, stream_seq: id.seq }).orWhere((events) => {
            void events.whereNotNull('target_ms').where({ target_ms: id.ms, target_seq: id.seq });
          });
        })
        .whereNot('message', state.message)
        .update({ message: state.message });

      const previous = before ? { event: { ms: Number(before.event_ms), seq: before.event_seq } } : null;
      // The new state is stored before the append: the change's own row, which the append writes embedded, takes its text from it.
      const stored = {
        message: state.message,
        edited_at: state.editedAt?.toISOString() ?? null,
        deleted_at: state.deleted ? (before?.deleted_at ? new Date(before.deleted_at) : new Date()).toISOString() : null,
        edit_count: edits,
        reactions: state.reactions?.length ? JSON.stringify(state.reactions) : null,
      };
      // A first change stands at the message's own place until its entry has an id.
      await trx('chat_message_edits')
        .insert({ ...key, ...stored, event_ms: id.ms, event_seq: id.seq })
        .onConflict(['room_type', 'room_id', 'target_ms', 'target_seq'])
        .merge(Object.keys(stored));
      const event = await then(trx, previous, state);
      await trx('chat_message_edits').where(key).update({ event_ms: event.ms, event_seq: event.seq });
      return { state: { ...state, event: formatMessageId(event) }, changed: true };
    });
  }

  /** Sets or takes off one reaction row; whether that changed anything. */
  private async setReaction(trx: Knex.Transaction, key: TargetKey, reaction: ReactionChange): Promise<boolean> {
    const row = { ...key, user_id: reaction.userId, emoji: reaction.emoji };
    // Rows answered, not a count: PGlite's driver answers no count for a delete.
    if (!reaction.on) return (await trx('chat_reactions').where(row).delete().returning('user_id')).length > 0;
    const inserted = await trx('chat_reactions')
      .insert({ ...row, created_at: new Date().toISOString() })
      .onConflict(['room_type', 'room_id', 'target_ms', 'target_seq', 'user_id', 'emoji'])
      .ignore()
      .returning('user_id');
    return inserted.length > 0;
  }

  private async reactionsOf(trx: Knex.Transaction, key: TargetKey): Promise<MessageReaction[]> {
    const rows = await trx('chat_reactions')
      .where(key)
      .orderBy([{ column: 'created_at' }, { column: 'user_id' }])
      .select<{ user_id: number; emoji: string }[]>('user_id', 'emoji');
    return summarizeReactions(rows.map((row) => ({ emoji: row.emoji, userId: UserId(row.user_id) })));
  }
}

type TargetKey = { room_type: string; room_id: number; target_ms: number; target_seq: number };

/** What recordState records: an edit's or a delete's new state, or one reaction of the message as the caller found it. */
export type StateChange =
  { kind: 'edit' | 'delete'; state: ChatMessage } | { kind: 'react'; message: ChatMessage; reaction: ReactionChange };

function replyOf(state: ChatMessage): MessageId | null {
  return state.replyTo === undefined ? null : parseMessageId(state.replyTo);
}
