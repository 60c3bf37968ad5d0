// The embedded mode's chat: the database is the log, with ids made the way
// Redis makes stream ids, so the wire and the client are the same in both modes.
import type { Clock } from '@application/ports/clock';
import type { Knex } from 'knex';
import type { AppendedMessage, ChatLog, NewChatMessage, ReactedMessage, ReactionChange } from '@application/ports/chat-log';
import type { ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { formatMessageId, messageTime, nextMessageId, parseMessageId, type MessageId } from '@domain/chat/message-id';
import { changeTo, type ArchivedEntry } from './chat-archive-entries';
import { KnexChatArchive, lockRooms } from './knex-chat-archive';

export class KnexChatLog implements ChatLog {
  private readonly archive: KnexChatArchive;

  constructor(
    private readonly db: Knex,
    private readonly now: Clock = () => Date.now(),
  ) {
    this.archive = new KnexChatArchive(db);
  }

  async append(room: ChatRoom, { clientMessageID, ...message }: NewChatMessage): Promise<AppendedMessage> {
    const { id, replayed } = await this.db.transaction(async (trx) => {
      const entry = await this.appendEntry(trx, room, (id) => ({
        room,
        id,
        userId: message.userId,
        message: message.message,
        clientMessageID,
        replyTo: message.replyTo === undefined ? undefined : (parseMessageId(message.replyTo) ?? undefined),
      }));
      if (entry.stored || clientMessageID === undefined) return { id: entry.id, replayed: false };
      // The unique index refused it: the student's post under this id is
      // stored (and committed: the room lock orders every append of the room).
      const known = await this.postedId(trx, room, message.userId, clientMessageID);
      // None: the author's account is gone, and the entry with it.
      return known ? { id: known, replayed: true } : { id: entry.id, replayed: false };
    });
    const asPosted = { id: formatMessageId(id), ...message, time: messageTime(id) };
    // A replay answers the message in its current state.
    if (replayed) return { message: (await this.archive.find(room, id)) ?? asPosted, replayed };
    return { message: asPosted, replayed };
  }

  async change(room: ChatRoom, state: ChatMessage): Promise<ChatMessage> {
    const recorded = await this.archive.recordState(room, { kind: state.deleted ? 'delete' : 'edit', state }, this.changeEntry(room));
    return recorded!.state;
  }

  async react(room: ChatRoom, id: MessageId, reaction: ReactionChange): Promise<ReactedMessage | null> {
    const message = await this.archive.find(room, id);
    if (!message || message.deleted) return null;
    const recorded = await this.archive.recordState(room, { kind: 'react', message, reaction }, this.changeEntry(room));
    return recorded && { message: recorded.state, changed: recorded.changed };
  }

  async mostReacted(room: ChatRoom, since: Date, limit: number): Promise<ChatMessage[]> {
    const ids = await this.archive.mostReactedIds(room, since, limit);
    const found = await Promise.all(ids.map((id) => this.archive.find(room, id)));
    return found.filter((message): message is ChatMessage => message !== null && !message.deleted);
  }

  /** Appends a change's entry, in the state's transaction. */
  private changeEntry(room: ChatRoom) {
    return async (trx: Knex.Transaction, _previous: unknown, state: ChatMessage) =>
      (await this.appendEntry(trx, room, (id) => ({ room, id, userId: state.userId, message: state.message, change: changeTo(state) }))).id;
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
  private async appendEntry(
    trx: Knex.Transaction,
    room: ChatRoom,
    entry: (id: MessageId) => ArchivedEntry,
  ): Promise<{ id: MessageId; stored: boolean }> {
    await lockRooms(trx, [room]);
    const next = nextMessageId(await this.archive.newestId(room, trx), this.now());
    const stored = await this.archive.store([entry(next)], trx);
    return { id: next, stored: stored === 1 };
  }

  private async postedId(trx: Knex.Transaction, room: ChatRoom, userId: number, clientMessageID: string): Promise<MessageId | null> {
    const row = await trx('chat_messages')
      .where({ room_type: room.kind, room_id: room.id, user_id: userId, client_message_id: clientMessageID })
      .first('stream_ms', 'stream_seq');
    return row ? { ms: Number(row.stream_ms), seq: row.stream_seq } : null;
  }
}
