// The durable chat history in chat_messages, keyed by (room, stream id): the
// messages, and the edits and deletes as entries of their own. The embedded
// mode keeps its chat here directly; with Redis, the projector copies each
// stream entry here and the stream reads fall back to it for older history.
// chat_message_edits holds each changed message's current state, written when
// the change is made; history reads lay it over the messages they answer.
import type { Knex } from 'knex';
import type { ChatMessage } from '../../domain/chat/chat-message';
import type { ChatRoom } from '../../domain/chat/chat-room';
import { formatMessageId, messageTime, parseMessageId, type MessageId } from '../../domain/chat/message-id';

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

/** A row as both kinds of read select it. */
interface EntryRow {
  stream_ms: string | number;
  stream_seq: number;
  kind: EntryKind;
  target_ms: string | number | null;
  target_seq: number | null;
  user_id: number;
  username: string;
  message: string;
  edited_at: Date | string | null;
  deleted: boolean;
}

type Db = Knex | Knex.Transaction;

export class KnexChatArchive {
  constructor(private readonly db: Knex) {}

  /**
   * Inserts what is not there yet (a replayed entry, or a post whose student
   * already stored one under its client message id, changes nothing) and
   * answers how many rows were new. An entry whose author's row is gone is
   * skipped (a deleted account stays as a tombstone row, so only a row removed
   * by hand does this): one such entry must not stop the projector for good.
   */
  async store(entries: ArchivedEntry[], db: Db = this.db): Promise<number> {
    if (entries.length === 0) return 0;
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
    const { rows: inserted } = await db.raw<{ rows: unknown[] }>(
      `insert into chat_messages (room_type, room_id, stream_ms, stream_seq, kind, target_ms, target_seq, user_id, message, edited_at, deleted, created_at, client_message_id)
       select v.room_type, v.room_id, v.stream_ms, v.stream_seq, v.kind, v.target_ms, v.target_seq, v.user_id, v.message, v.edited_at, v.deleted, v.created_at, v.client_message_id
       from jsonb_to_recordset(?::jsonb) as v(room_type text, room_id integer, stream_ms bigint, stream_seq integer, kind text,
                                              target_ms bigint, target_seq integer, user_id integer, message text,
                                              edited_at timestamptz, deleted boolean, created_at timestamptz, client_message_id text)
       where exists (select 1 from users u where u.id = v.user_id)
       -- Either unique key: the room's stream id, or (a post only) the student's client message id.
       on conflict do nothing
       returning id`,
      [JSON.stringify(rows)],
    );
    return inserted.length;
  }

  /**
   * Keeps a message's new state (edited text, or deleted), then runs `then`
   * (appending the change to the log) in the same transaction. The row stays
   * locked until both are done, so two changes of one message reach the log
   * in the order their states were stored.
   */
  async recordState<T>(room: ChatRoom, state: ChatMessage, then: (db: Knex.Transaction) => Promise<T>): Promise<T> {
    const id = parseMessageId(state.id)!;
    return this.db.transaction(async (trx) => {
      await trx('chat_message_edits')
        .insert({
          room_type: room.kind,
          room_id: room.id,
          target_ms: id.ms,
          target_seq: id.seq,
          message: state.message,
          edited_at: state.editedAt?.toISOString() ?? null,
          deleted_at: state.deleted ? new Date().toISOString() : null,
        })
        .onConflict(['room_type', 'room_id', 'target_ms', 'target_seq'])
        .merge(['message', 'edited_at', 'deleted_at']);
      return then(trx);
    });
  }

  /** The newest `limit` messages, in their current state. */
  async latest(room: ChatRoom, limit: number): Promise<ChatMessage[]> {
    const rows = await this.messages(room).orderBy([{ column: 'm.stream_ms', order: 'desc' }, { column: 'm.stream_seq', order: 'desc' }]).limit(limit);
    return rows.reverse().map(toItem);
  }

  /** Every entry (messages as posted, edits and deletes) newer than `cursor` and, when given, older than `until`, oldest first. */
  async after(room: ChatRoom, cursor: MessageId, limit: number, until?: MessageId): Promise<ChatMessage[]> {
    const query = this.entries(room).whereRaw('(m.stream_ms, m.stream_seq) > (?, ?)', [cursor.ms, cursor.seq]);
    if (until) query.whereRaw('(m.stream_ms, m.stream_seq) < (?, ?)', [until.ms, until.seq]);
    const rows = await query.orderBy([{ column: 'm.stream_ms' }, { column: 'm.stream_seq' }]).limit(limit);
    return rows.map(toItem);
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

  /** The messages (read elsewhere, from a stream) in their current state. */
  async currentState(room: ChatRoom, messages: ChatMessage[]): Promise<ChatMessage[]> {
    if (messages.length === 0) return messages;
    const first = parseMessageId(messages[0].id)!;
    const last = parseMessageId(messages.at(-1)!.id)!;
    const edits = await this.db('chat_message_edits')
      .where({ room_type: room.kind, room_id: room.id })
      .whereRaw('(target_ms, target_seq) between (?, ?) and (?, ?)', [first.ms, first.seq, last.ms, last.seq])
      .select<{ target_ms: string | number; target_seq: number; message: string; edited_at: Date | string | null; deleted_at: Date | string | null }[]>(
        'target_ms',
        'target_seq',
        'message',
        'edited_at',
        'deleted_at',
      );
    if (edits.length === 0) return messages;
    const byId = new Map(edits.map((e) => [`${e.target_ms}-${e.target_seq}`, e]));
    return messages.map((message) => {
      const edit = byId.get(message.id);
      return edit ? withState(message, edit.message, edit.edited_at, edit.deleted_at !== null) : message;
    });
  }

  /** The room's newest entry (message, edit or delete). */
  async newestId(room: ChatRoom, db: Db = this.db): Promise<MessageId | null> {
    const row = await db('chat_messages')
      .where({ room_type: room.kind, room_id: room.id })
      .orderBy([{ column: 'stream_ms', order: 'desc' }, { column: 'stream_seq', order: 'desc' }])
      .first('stream_ms', 'stream_seq');
    return row ? { ms: Number(row.stream_ms), seq: row.stream_seq } : null;
  }

  /** Every entry, as posted or as the change made it. */
  private entries(room: ChatRoom): Knex.QueryBuilder<EntryRow, EntryRow[]> {
    return this.db('chat_messages as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where({ 'm.room_type': room.kind, 'm.room_id': room.id })
      .select(
        'm.stream_ms',
        'm.stream_seq',
        'm.kind',
        'm.target_ms',
        'm.target_seq',
        'm.user_id',
        'u.username',
        'm.message',
        'm.edited_at',
        'm.deleted',
      ) as unknown as Knex.QueryBuilder<EntryRow, EntryRow[]>;
  }

  /** The messages only, with their current state laid over them. */
  private messages(room: ChatRoom): Knex.QueryBuilder<EntryRow, EntryRow[]> {
    return this.db('chat_messages as m')
      .join('users as u', 'u.id', 'm.user_id')
      .leftJoin('chat_message_edits as e', function () {
        this.on('e.room_type', 'm.room_type').andOn('e.room_id', 'm.room_id').andOn('e.target_ms', 'm.stream_ms').andOn('e.target_seq', 'm.stream_seq');
      })
      .where({ 'm.room_type': room.kind, 'm.room_id': room.id, 'm.kind': 'message' })
      .select(
        'm.stream_ms',
        'm.stream_seq',
        'm.kind',
        'm.target_ms',
        'm.target_seq',
        'm.user_id',
        'u.username',
        this.db.raw('coalesce(e.message, m.message) as message'),
        'e.edited_at',
        this.db.raw('(e.deleted_at is not null) as deleted'),
      ) as unknown as Knex.QueryBuilder<EntryRow, EntryRow[]>;
  }
}

function toItem(row: EntryRow): ChatMessage {
  const id = { ms: Number(row.stream_ms), seq: row.stream_seq };
  if (row.kind === 'message') return withState(entryToItem({ id, userId: row.user_id, username: row.username, message: row.message }), row.message, row.edited_at, row.deleted);
  const change: EntryChange = {
    kind: row.kind,
    target: { ms: Number(row.target_ms), seq: row.target_seq! },
    editedAt: row.edited_at === null ? null : new Date(row.edited_at),
    deleted: row.deleted,
  };
  return entryToItem({ id, userId: row.user_id, username: row.username, message: row.message, change });
}

/** A log entry as the log answers it: a message as posted, or for an edit or delete the message's state after it, with `event`. */
export function entryToItem(entry: { id: MessageId; userId: number; username: string; message: string; change?: EntryChange }): ChatMessage {
  const { id, userId, username, message, change } = entry;
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
