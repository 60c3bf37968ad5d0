// The embedded mode's chat: the database is the log, with ids made the way
// Redis makes stream ids, so the wire and the client are the same in both modes.
import type { Clock } from '../../application/ports/clock';
import type { Knex } from 'knex';
import type { ChatLog, NewChatMessage } from '../../application/ports/chat-log';
import type { ChatMessage } from '../../domain/chat/chat-message';
import type { ChatRoom } from '../../domain/chat/chat-room';
import { formatMessageId, messageTime, nextMessageId, type MessageId } from '../../domain/chat/message-id';
import { KnexChatArchive } from './knex-chat-archive';

const ROOM_LOCK_CLASS = { course: 1, group: 2 } as const;

export class KnexChatLog implements ChatLog {
  private readonly archive: KnexChatArchive;

  constructor(
    private readonly db: Knex,
    private readonly now: Clock = () => Date.now(),
  ) {
    this.archive = new KnexChatArchive(db);
  }

  async append(room: ChatRoom, message: NewChatMessage): Promise<ChatMessage> {
    // One writer per room at a time, committed before the next takes an id:
    // a poller can then never see a newer id while an older one is still
    // uncommitted (and skip it for good).
    const id = await this.db.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?, ?)', [ROOM_LOCK_CLASS[room.kind], room.id]);
      const next = nextMessageId(await this.archive.newestId(room, trx), this.now());
      await this.archive.store([{ room, id: next, userId: message.userId, message: message.message }], trx);
      return next;
    });
    return { id: formatMessageId(id), ...message, time: messageTime(id) };
  }

  latest(room: ChatRoom, limit: number): Promise<ChatMessage[]> {
    return this.archive.latest(room, limit);
  }

  after(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]> {
    return this.archive.after(room, cursor, limit);
  }

  before(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]> {
    return this.archive.before(room, cursor, limit);
  }
}
