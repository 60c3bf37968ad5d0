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
// Over 300 lines: one class owns both tables, whose writes share the room's
// lock and whose reads share the row shapes.
import type { Knex } from 'knex';
import { TooManyEditsError } from '@domain/chat/chat-errors';
import { MAX_EDITS_PER_MESSAGE, type ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { formatMessageId, messageTime, parseMessageId, type MessageId } from '@domain/chat/message-id';
import { UserId } from '@domain/ids';

export type EntryKind = 'message' | 'edit' | 'delete';

export interface ArchivedEntry {
  room: ChatRoom;
  id: MessageId;
  /** The message's author (for an edit or delete: the changed message's). */
  userId: number;
  /** The text (for an edit or delete: the message's text after it). */
  message: string;
  /** Absent: a message. */
  change?: EntryChange;
  /** The client's id of the post (embedded mode only; unique per student and room). */
  clientMessageID?: string;
}

/** What an edit or delete entry holds beside the message's author and text: the message it changes and its state after it. */
export interface EntryChange {
  kind: Exclude<EntryKind, 'message'>;
  target: MessageId;
  editedAt: Date | null;
  deleted: boolean;
}

/** A message as the reads select it, in its current state. */
interface MessageRow {
  stream_ms: string | number;
  stream_seq: number;
  user_id: number;
  username: string;
  message: string;
  edited_at: Date | string | null;
  deleted: boolean;
}

/** A log entry as `after` selects it: where it sits (a changed message: at its latest change) and the message. */
interface LogRow extends MessageRow {
  position_ms: string | number;
  position_seq: number;
  changed: boolean;
}

type Db = Knex | Knex.Transaction;

/** A changed message's state as chat_message_edits keeps it, with its author when the archive has the message's row. */
export interface ChangedMessage {
  id: MessageId;
  message: string;
  editedAt: Date | null;
  deleted: boolean;
  author: { userId: number; username: string } | null;
}

/** The message's latest change before the one being recorded (null: it had none). */
export interface PreviousChange {
  event: MessageId;
}

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

export class KnexChatArchive {
  constructor(private readonly db: Knex) {}

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
      await lockRooms(trx, entries.map((e) => e.room));
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
    }));
    const { rows: inserted } = await trx.raw<{ rows: unknown[] }>(
      `insert into chat_messages (room_type, room_id, stream_ms, stream_seq, kind, target_ms, target_seq, user_id, message, edited_at, deleted, created_at, client_message_id)
       select v.room_type, v.room_id, v.stream_ms, v.stream_seq, v.kind, v.target_ms, v.target_seq, v.user_id, coalesce(e.message, v.message), v.edited_at, v.deleted, v.created_at, v.client_message_id
       from jsonb_to_recordset(?::jsonb) as v(room_type text, room_id integer, stream_ms bigint, stream_seq integer, kind text,
                                              target_ms bigint, target_seq integer, user_id integer, message text,
                                              edited_at timestamptz, deleted boolean, created_at timestamptz, client_message_id text)
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
   * Keeps a message's new state (edited text, or deleted) and runs `then`
   * (appending the change to the log, told the message's previous change) in
   * the same transaction, under the room's lock with the state's row locked,
   * so two changes of one message reach the log in the order their states
   * were stored. Before `then`: an edit past MAX_EDITS_PER_MESSAGE is refused
   * (TooManyEditsError, nothing written); the message's row is archived if it
   * was not yet (with the new text: with Redis, the stream entry is about to
   * go), every row of the message (the message, its earlier changes) is
   * rewritten to the new text, and the new state is stored (so the change's
   * own row, which `then` writes in the embedded mode, takes its text). After
   * `then`, the state takes the change's id, which `then` gives and this answers.
   */
  async recordState(room: ChatRoom, state: ChatMessage, then: (trx: Knex.Transaction, previous: PreviousChange | null) => Promise<MessageId>): Promise<MessageId> {
    const id = parseMessageId(state.id)!;
    const key = { room_type: room.kind, room_id: room.id, target_ms: id.ms, target_seq: id.seq };
    return this.db.transaction(async (trx) => {
      await lockRooms(trx, [room]);
      const before = await trx('chat_message_edits')
        .where(key)
        .forUpdate()
        .first<{ event_ms: string | number; event_seq: number; edit_count: number } | undefined>('event_ms', 'event_seq', 'edit_count');
      const edits = (before?.edit_count ?? 0) + (state.deleted ? 0 : 1);
      if (edits > MAX_EDITS_PER_MESSAGE) throw new TooManyEditsError();

      await trx.raw(
        `insert into chat_messages (room_type, room_id, stream_ms, stream_seq, kind, user_id, message, created_at)
         select ?, ?, ?, ?, 'message', u.id, ?, ? from users u where u.id = ?
         on conflict do nothing`,
        [room.kind, room.id, id.ms, id.seq, state.message, messageTime(id).toISOString(), state.userId],
      );
      await trx('chat_messages')
        .where({ room_type: room.kind, room_id: room.id })
        .where((rows) =>
          rows
            .where({ kind: 'message', stream_ms: id.ms, stream_seq: id.seq })
            .orWhere((events) => events.whereNotNull('target_ms').where({ target_ms: id.ms, target_seq: id.seq })),
        )
        .whereNot('message', state.message)
        .update({ message: state.message });

      const previous = before ? { event: { ms: Number(before.event_ms), seq: before.event_seq } } : null;
      // The new state is stored before the append: the change's own row, which the append writes embedded, takes its text from it.
      const stored = {
        message: state.message,
        edited_at: state.editedAt?.toISOString() ?? null,
        deleted_at: state.deleted ? new Date().toISOString() : null,
        edit_count: edits,
      };
      // A first change stands at the message's own place until its entry has an id.
      await trx('chat_message_edits')
        .insert({ ...key, ...stored, event_ms: id.ms, event_seq: id.seq })
        .onConflict(['room_type', 'room_id', 'target_ms', 'target_seq'])
        .merge(Object.keys(stored));
      const event = await then(trx, previous);
      await trx('chat_message_edits').where(key).update({ event_ms: event.ms, event_seq: event.seq });
      return event;
    });
  }

  /** The newest `limit` messages, in their current state. */
  async latest(room: ChatRoom, limit: number): Promise<ChatMessage[]> {
    const rows = await this.messages(room).orderBy([{ column: 'm.stream_ms', order: 'desc' }, { column: 'm.stream_seq', order: 'desc' }]).limit(limit);
    return rows.reverse().map(toItem);
  }

  /**
   * The log's entries newer than `cursor` and, when given, older than
   * `until`, oldest first: each message never changed, as posted, and each
   * changed message once, at its latest change (an item with `event`), in its
   * current state. The changes come from chat_message_edits, not from the
   * edit and delete rows, so a change the archive had not taken when Redis
   * lost its data is still answered.
   */
  async after(room: ChatRoom, cursor: MessageId, limit: number, until?: MessageId): Promise<ChatMessage[]> {
    const range = (ms: string, seq: string) => `(${ms}, ${seq}) > (?, ?)${until ? ` and (${ms}, ${seq}) < (?, ?)` : ''}`;
    const bounds = until ? [cursor.ms, cursor.seq, until.ms, until.seq] : [cursor.ms, cursor.seq];
    const { rows } = await this.db.raw<{ rows: LogRow[] }>(
      `select * from (
         (select m.stream_ms as position_ms, m.stream_seq as position_seq, m.stream_ms, m.stream_seq, m.user_id, u.username, m.message,
                 null::timestamptz as edited_at, false as deleted, false as changed
          from chat_messages m join users u on u.id = m.user_id
          where m.room_type = ? and m.room_id = ? and m.kind = 'message' and ${range('m.stream_ms', 'm.stream_seq')}
            and not exists (select 1 from chat_message_edits e
                            where e.room_type = m.room_type and e.room_id = m.room_id and e.target_ms = m.stream_ms and e.target_seq = m.stream_seq)
          order by m.stream_ms, m.stream_seq limit ?)
         union all
         (select e.event_ms, e.event_seq, e.target_ms, e.target_seq, m.user_id, u.username, e.message,
                 e.edited_at, e.deleted_at is not null, true
          from chat_message_edits e
          join chat_messages m on m.room_type = e.room_type and m.room_id = e.room_id and m.kind = 'message'
                              and m.stream_ms = e.target_ms and m.stream_seq = e.target_seq
          join users u on u.id = m.user_id
          where e.room_type = ? and e.room_id = ? and ${range('e.event_ms', 'e.event_seq')}
          order by e.event_ms, e.event_seq limit ?)
       ) entries
       order by position_ms, position_seq limit ?`,
      [room.kind, room.id, ...bounds, limit, room.kind, room.id, ...bounds, limit, limit],
    );
    return rows.map((row) => (row.changed ? { ...toItem(row), event: formatMessageId({ ms: Number(row.position_ms), seq: row.position_seq }) } : toItem(row)));
  }

  /** The newest `limit` messages older than `cursor`, in their current state. */
  async before(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]> {
    const rows = await this.messages(room)
      .whereRaw('(m.stream_ms, m.stream_seq) < (?, ?)', [cursor.ms, cursor.seq])
      .orderBy([{ column: 'm.stream_ms', order: 'desc' }, { column: 'm.stream_seq', order: 'desc' }])
      .limit(limit);
    return rows.reverse().map(toItem);
  }

  /** The message with that id, in its current state; null for none (or an edit's or delete's id). */
  async find(room: ChatRoom, id: MessageId): Promise<ChatMessage | null> {
    const row = await this.messages(room).whereRaw('m.stream_ms = ? and m.stream_seq = ?', [id.ms, id.seq]).first();
    return row ? toItem(row) : null;
  }

  /**
   * The changed messages with ids from `from` up to (not including) `before`,
   * the newest `limit`, oldest first: their state, and their author when the
   * archive holds the message's row (it always does for a change made since
   * changes archive their message).
   */
  async changedIn(room: ChatRoom, from: MessageId, before: MessageId | null, limit: number): Promise<ChangedMessage[]> {
    const query = this.db('chat_message_edits as e')
      .leftJoin('chat_messages as m', function () {
        this.on('m.room_type', 'e.room_type')
          .andOn('m.room_id', 'e.room_id')
          .andOn('m.stream_ms', 'e.target_ms')
          .andOn('m.stream_seq', 'e.target_seq')
          .andOnVal('m.kind', 'message');
      })
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .where({ 'e.room_type': room.kind, 'e.room_id': room.id })
      .whereRaw('(e.target_ms, e.target_seq) >= (?, ?)', [from.ms, from.seq]);
    if (before) query.whereRaw('(e.target_ms, e.target_seq) < (?, ?)', [before.ms, before.seq]);
    const rows = await query
      .orderBy([{ column: 'e.target_ms', order: 'desc' }, { column: 'e.target_seq', order: 'desc' }])
      .limit(limit)
      .select<
        {
          target_ms: string | number;
          target_seq: number;
          message: string;
          edited_at: Date | string | null;
          deleted_at: Date | string | null;
          user_id: number | null;
          username: string | null;
        }[]
      >('e.target_ms', 'e.target_seq', 'e.message', 'e.edited_at', 'e.deleted_at', 'm.user_id', 'u.username');
    return rows.reverse().map((row) => ({
      id: { ms: Number(row.target_ms), seq: row.target_seq },
      message: row.message,
      editedAt: row.edited_at === null ? null : new Date(row.edited_at),
      deleted: row.deleted_at !== null,
      author: row.user_id !== null && row.username !== null ? { userId: row.user_id, username: row.username } : null,
    }));
  }

  /** The room's newest entry (message, edit or delete), a change only Redis held before it lost its data included. */
  async newestId(room: ChatRoom, db: Db = this.db): Promise<MessageId | null> {
    const { rows } = await db.raw<{ rows: { ms: string | number; seq: number }[] }>(
      `select ms, seq from (
         (select stream_ms as ms, stream_seq as seq from chat_messages where room_type = ? and room_id = ?
          order by stream_ms desc, stream_seq desc limit 1)
         union all
         (select event_ms, event_seq from chat_message_edits where room_type = ? and room_id = ?
          order by event_ms desc, event_seq desc limit 1)
       ) newest
       order by ms desc, seq desc limit 1`,
      [room.kind, room.id, room.kind, room.id],
    );
    return rows.length ? { ms: Number(rows[0].ms), seq: rows[0].seq } : null;
  }

  /** The messages only, with their current state laid over them. */
  private messages(room: ChatRoom): Knex.QueryBuilder<MessageRow, MessageRow[]> {
    return this.db('chat_messages as m')
      .join('users as u', 'u.id', 'm.user_id')
      .leftJoin('chat_message_edits as e', function () {
        this.on('e.room_type', 'm.room_type').andOn('e.room_id', 'm.room_id').andOn('e.target_ms', 'm.stream_ms').andOn('e.target_seq', 'm.stream_seq');
      })
      .where({ 'm.room_type': room.kind, 'm.room_id': room.id, 'm.kind': 'message' })
      .select(
        'm.stream_ms',
        'm.stream_seq',
        'm.user_id',
        'u.username',
        this.db.raw('coalesce(e.message, m.message) as message'),
        'e.edited_at',
        this.db.raw('(e.deleted_at is not null) as deleted'),
      ) as unknown as Knex.QueryBuilder<MessageRow, MessageRow[]>;
  }
}

function toItem(row: MessageRow): ChatMessage {
  const id = { ms: Number(row.stream_ms), seq: row.stream_seq };
  return withState(entryToItem({ id, userId: row.user_id, username: row.username, message: row.message }), row.message, row.edited_at, row.deleted);
}

/** A log entry as the log answers it: a message as posted, or for an edit or delete the message's state after it, with `event`. */
export function entryToItem(entry: { id: MessageId; userId: number; username: string; message: string; change?: EntryChange }): ChatMessage {
  const { id, username, message, change } = entry;
  const userId = UserId(entry.userId);
  if (!change) return { id: formatMessageId(id), userId, username, message, time: messageTime(id) };
  const item = withState({ id: formatMessageId(change.target), userId, username, message, time: messageTime(change.target) }, message, change.editedAt, change.deleted);
  return { ...item, event: formatMessageId(id) };
}

/** The change that brings a message to this state. */
export function changeTo(state: ChatMessage): EntryChange {
  return { kind: state.deleted ? 'delete' : 'edit', target: parseMessageId(state.id)!, editedAt: state.editedAt ?? null, deleted: state.deleted === true };
}

/** A message with a state laid over it: the text, and the edit time and deletion when there are. */
export function withState(message: ChatMessage, text: string, editedAt: Date | string | null | undefined, deleted: boolean): ChatMessage {
  const state: ChatMessage = { ...message, message: text };
  if (editedAt) state.editedAt = new Date(editedAt);
  if (deleted) state.deleted = true;
  return state;
}
