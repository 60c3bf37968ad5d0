// The embedded mode's chat: the database is the log, with ids made the way
// Redis makes stream ids, so the wire and the client are the same in both modes.
import type { Clock } from '../../application/ports/clock';
import type { Knex } from 'knex';
import type { AppendedMessage, ChatLog, NewChatMessage } from '../../application/ports/chat-log';
import type { ChatMessage } from '../../domain/chat/chat-message';
import type { ChatRoom } from '../../domain/chat/chat-room';
import { formatMessageId, messageTime, nextMessageId, type MessageId } from '../../domain/chat/message-id';
import { changeTo, KnexChatArchive, type ArchivedEntry } from './knex-chat-archive';

const ROOM_LOCK_CLASS = { course: 1, group: 2 } as const;

export class KnexChatLog implements ChatLog {
  private readonly archive: KnexChatArchive;

  constructor(
    private readonly db: Knex,
    private readonly now: Clock = () => Date.now(),
  ) {
    this.archive = new KnexChatArchive(db);
  }

  async append(room: ChatRoom, message: NewChatMessage): Promise<AppendedMessage> {
    const id = await this.db.transaction((trx) => this.appendEntry(trx, room, (id) => ({ room, id, userId: message.userId, message: message.message })));
    return { message: { id: formatMessageId(id), ...message, time: messageTime(id) }, replayed: false };
  }

  async change(room: ChatRoom, state: ChatMessage): Promise<ChatMessage> {
    const event = await this.archive.recordState(room, state, (trx) =>
      this.appendEntry(trx, room, (id) => ({ room, id, userId: state.userId, message: state.message, change: changeTo(state) })),
    );
    return { ...state, event: formatMessageId(event) };
  }

  find(room: ChatRoom, id: MessageId): Promise<ChatMessage | null> {
    return this.archive.find(room, id);
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

  // One writer per room at a time, committed before the next takes an id: a
  // poller can then never see a newer id while an older one is still
  // uncommitted (and skip it for good).
  private async appendEntry(trx: Knex.Transaction, room: ChatRoom, entry: (id: MessageId) => ArchivedEntry): Promise<MessageId> {
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [ROOM_LOCK_CLASS[room.kind], room.id]);
    const next = nextMessageId(await this.archive.newestId(room, trx), this.now());
    await this.archive.store([entry(next)], trx);
    return next;
  }
}
