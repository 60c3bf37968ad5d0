// The durable chat history in chat_messages, keyed by (room, stream id). The
// embedded mode keeps its chat here directly; with Redis, the projector copies
// each stream entry here and the stream reads fall back to it for older history.
import type { Knex } from 'knex';
import type { ChatMessage } from '../../domain/chat/chat-message';
import type { ChatRoom } from '../../domain/chat/chat-room';
import { formatMessageId, messageTime, type MessageId } from '../../domain/chat/message-id';

export interface ArchivedEntry {
  room: ChatRoom;
  id: MessageId;
  userId: number;
  message: string;
}

interface MessageRow {
  stream_ms: string | number;
  stream_seq: number;
  user_id: number;
  username: string;
  message: string;
}

export class KnexChatArchive {
  constructor(private readonly db: Knex) {}

  /**
   * Inserts what is not there yet (a replayed entry changes nothing) and
   * answers how many rows were new. An entry whose author's account is gone is
   * skipped: deleting an account deletes its messages, and one such entry must
   * not stop the projector for good.
   */
  async store(entries: ArchivedEntry[], db: Knex | Knex.Transaction = this.db): Promise<number> {
    if (entries.length === 0) return 0;
    const rows = entries.map((e) => ({
      room_type: e.room.kind,
      room_id: e.room.id,
      stream_ms: e.id.ms,
      stream_seq: e.id.seq,
      user_id: e.userId,
      message: e.message,
      created_at: messageTime(e.id).toISOString(),
    }));
    const { rows: inserted } = await db.raw<{ rows: unknown[] }>(
      `insert into chat_messages (room_type, room_id, stream_ms, stream_seq, user_id, message, created_at)
       select v.room_type, v.room_id, v.stream_ms, v.stream_seq, v.user_id, v.message, v.created_at
       from jsonb_to_recordset(?::jsonb) as v(room_type text, room_id integer, stream_ms bigint, stream_seq integer,
                                              user_id integer, message text, created_at timestamptz)
       where exists (select 1 from users u where u.id = v.user_id)
       on conflict (room_type, room_id, stream_ms, stream_seq) do nothing
       returning id`,
      [JSON.stringify(rows)],
    );
    return inserted.length;
  }

  async latest(room: ChatRoom, limit: number): Promise<ChatMessage[]> {
    const rows = await this.select(room).orderBy([{ column: 'm.stream_ms', order: 'desc' }, { column: 'm.stream_seq', order: 'desc' }]).limit(limit);
    return rows.reverse().map(toMessage);
  }

  /** Oldest first, newer than `cursor` and, when given, older than `until`. */
  async after(room: ChatRoom, cursor: MessageId, limit: number, until?: MessageId): Promise<ChatMessage[]> {
    const query = this.select(room).whereRaw('(m.stream_ms, m.stream_seq) > (?, ?)', [cursor.ms, cursor.seq]);
    if (until) query.whereRaw('(m.stream_ms, m.stream_seq) < (?, ?)', [until.ms, until.seq]);
    const rows = await query.orderBy([{ column: 'm.stream_ms' }, { column: 'm.stream_seq' }]).limit(limit);
    return rows.map(toMessage);
  }

  async before(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]> {
    const rows = await this.select(room)
      .whereRaw('(m.stream_ms, m.stream_seq) < (?, ?)', [cursor.ms, cursor.seq])
      .orderBy([{ column: 'm.stream_ms', order: 'desc' }, { column: 'm.stream_seq', order: 'desc' }])
      .limit(limit);
    return rows.reverse().map(toMessage);
  }

  async newestId(room: ChatRoom, db: Knex | Knex.Transaction = this.db): Promise<MessageId | null> {
    const row = await db('chat_messages')
      .where({ room_type: room.kind, room_id: room.id })
      .orderBy([{ column: 'stream_ms', order: 'desc' }, { column: 'stream_seq', order: 'desc' }])
      .first('stream_ms', 'stream_seq');
    return row ? { ms: Number(row.stream_ms), seq: row.stream_seq } : null;
  }

  private select(room: ChatRoom): Knex.QueryBuilder<MessageRow, MessageRow[]> {
    return this.db('chat_messages as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where({ 'm.room_type': room.kind, 'm.room_id': room.id })
      .select('m.stream_ms', 'm.stream_seq', 'm.user_id', 'u.username', 'm.message') as unknown as Knex.QueryBuilder<MessageRow, MessageRow[]>;
  }
}

function toMessage(row: MessageRow): ChatMessage {
  const id = { ms: Number(row.stream_ms), seq: row.stream_seq };
  return { id: formatMessageId(id), userId: row.user_id, username: row.username, message: row.message, time: messageTime(id) };
}
