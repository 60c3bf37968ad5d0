// The chat archive's reads: the latest messages, the log after a cursor
// (each changed message once, at its latest change), history before one, one
// message, the changed messages of a range and the room's newest entry, each
// message in its current state (chat_message_edits laid over chat_messages).
// KnexChatArchive (knex-chat-archive.ts) extends it with the writes.
import type { Knex } from 'knex';
import type { ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { formatMessageId, type MessageId } from '@domain/chat/message-id';
import { entryToItem, idFromColumns, reactionsFromColumn, withState, type ChangedMessage } from './chat-archive-entries';

/** A message as the reads select it, in its current state. */
interface MessageRow {
  stream_ms: string | number;
  stream_seq: number;
  user_id: number;
  username: string;
  message: string;
  edited_at: Date | string | null;
  deleted: boolean;
  reply_ms: string | number | null;
  reply_seq: number | null;
  reactions: unknown;
}

/** A log entry as `after` selects it: where it sits (a changed message: at its latest change) and the message. */
interface LogRow extends MessageRow {
  position_ms: string | number;
  position_seq: number;
  changed: boolean;
}

export type Db = Knex | Knex.Transaction;

export class KnexChatArchiveReads {
  constructor(protected readonly db: Knex) {}

  /** The newest `limit` messages, in their current state. */
  async latest(room: ChatRoom, limit: number): Promise<ChatMessage[]> {
    const rows = await this.messages(room)
      .orderBy([
        { column: 'm.stream_ms', order: 'desc' },
        { column: 'm.stream_seq', order: 'desc' },
      ])
      .limit(limit);
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
                 null::timestamptz as edited_at, false as deleted, false as changed, m.reply_ms, m.reply_seq, null::jsonb as reactions
          from chat_messages m join users u on u.id = m.user_id
          where m.room_type = ? and m.room_id = ? and m.kind = 'message' and ${range('m.stream_ms', 'm.stream_seq')}
            and not exists (select 1 from chat_message_edits e
                            where e.room_type = m.room_type and e.room_id = m.room_id and e.target_ms = m.stream_ms and e.target_seq = m.stream_seq)
          order by m.stream_ms, m.stream_seq limit ?)
         union all
         (select e.event_ms, e.event_seq, e.target_ms, e.target_seq, m.user_id, u.username, e.message,
                 e.edited_at, e.deleted_at is not null, true, m.reply_ms, m.reply_seq, e.reactions
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
    return rows.map((row) =>
      row.changed ? { ...toItem(row), event: formatMessageId({ ms: Number(row.position_ms), seq: row.position_seq }) } : toItem(row),
    );
  }

  /** The newest `limit` messages older than `cursor`, in their current state. */
  async before(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]> {
    const rows = await this.messages(room)
      .whereRaw('(m.stream_ms, m.stream_seq) < (?, ?)', [cursor.ms, cursor.seq])
      .orderBy([
        { column: 'm.stream_ms', order: 'desc' },
        { column: 'm.stream_seq', order: 'desc' },
      ])
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
      .orderBy([
        { column: 'e.target_ms', order: 'desc' },
        { column: 'e.target_seq', order: 'desc' },
      ])
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
          reactions: unknown;
          reply_ms: string | number | null;
          reply_seq: number | null;
        }[]
      >(
        'e.target_ms',
        'e.target_seq',
        'e.message',
        'e.edited_at',
        'e.deleted_at',
        'm.user_id',
        'u.username',
        'e.reactions',
        'm.reply_ms',
        'm.reply_seq',
      );
    return rows.reverse().map((row) => ({
      id: { ms: Number(row.target_ms), seq: row.target_seq },
      message: row.message,
      editedAt: row.edited_at === null ? null : new Date(row.edited_at),
      deleted: row.deleted_at !== null,
      author: row.user_id !== null && row.username !== null ? { userId: row.user_id, username: row.username } : null,
      reactions: reactionsFromColumn(row.reactions),
      replyTo: idFromColumns(row.reply_ms, row.reply_seq),
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

  /** The ids of the room's messages since `since` with the most reactions (at least one), most first, the newer first on a tie. */
  async mostReactedIds(room: ChatRoom, since: Date, limit: number): Promise<MessageId[]> {
    const rows = await this.db('chat_reactions')
      .where({ room_type: room.kind, room_id: room.id })
      .where('target_ms', '>=', since.getTime())
      .groupBy('target_ms', 'target_seq')
      .orderByRaw('count(*) desc, target_ms desc, target_seq desc')
      .limit(limit)
      .select<{ target_ms: string | number; target_seq: number }[]>('target_ms', 'target_seq');
    return rows.map((row) => ({ ms: Number(row.target_ms), seq: row.target_seq }));
  }

  /** The messages only, with their current state laid over them. */
  private messages(room: ChatRoom): Knex.QueryBuilder<MessageRow, MessageRow[]> {
    return this.db('chat_messages as m')
      .join('users as u', 'u.id', 'm.user_id')
      .leftJoin('chat_message_edits as e', function () {
        this.on('e.room_type', 'm.room_type')
          .andOn('e.room_id', 'm.room_id')
          .andOn('e.target_ms', 'm.stream_ms')
          .andOn('e.target_seq', 'm.stream_seq');
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
        'm.reply_ms',
        'm.reply_seq',
        'e.reactions',
      ) as unknown as Knex.QueryBuilder<MessageRow, MessageRow[]>;
  }
}

function toItem(row: MessageRow): ChatMessage {
  const id = { ms: Number(row.stream_ms), seq: row.stream_seq };
  return withState(
    entryToItem({
      id,
      userId: row.user_id,
      username: row.username,
      message: row.message,
      replyTo: idFromColumns(row.reply_ms, row.reply_seq),
    }),
    row.message,
    row.edited_at,
    row.deleted,
    reactionsFromColumn(row.reactions),
  );
}
