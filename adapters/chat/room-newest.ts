// What this server knows about the newest entry of each chat room, so an idle
// poll (a cursor at the room's newest) is answered [] without reading the log.
// Fed by the rooms' announcements (every write announces its id) and by reads
// that reached the end of a room. It only ever says "nothing newer than X",
// for a few seconds: a lost announcement (pub/sub is at-most-once) can hide a
// message for that long at most, and none of it is trusted while the
// announcements cannot arrive (the subscriber is reconnecting).
import type { ChatLog, NewChatMessage } from '../../application/ports/chat-log';
import { roomTopic } from '../../application/ports/chat-signals';
import type { Clock } from '../../application/ports/clock';
import { positionOf, type ChatMessage } from '../../domain/chat/chat-message';
import type { ChatRoom } from '../../domain/chat/chat-room';
import { compareMessageIds, parseMessageId, type MessageId } from '../../domain/chat/message-id';

const MAX_ROOMS = 100_000;
export const ROOM_NEWEST_TTL_MS = 3_000;

export class RoomNewest {
  private readonly rooms = new Map<string, { id: MessageId; until: number }>();
  private trusted = true;

  constructor(
    private readonly ttlMs = ROOM_NEWEST_TTL_MS,
    private readonly now: Clock = () => Date.now(),
  ) {}

  /** Nothing in the room (a room topic) is newer than `id`, as of now. Never moves an entry back. */
  learn(topic: string, id: MessageId): void {
    if (!this.trusted || this.ttlMs <= 0) return;
    const now = this.now();
    // A cursor from the future (a client's made-up id) says nothing about the room.
    if (id.ms > now) return;
    const known = this.rooms.get(topic);
    if (known && known.until > now && compareMessageIds(id, known.id) < 0) return;
    if (!known && this.rooms.size >= MAX_ROOMS) this.rooms.clear();
    this.rooms.set(topic, { id, until: now + this.ttlMs });
  }

  /** True only when the room is known to hold nothing newer than the cursor. */
  nothingAfter(topic: string, cursor: MessageId): boolean {
    if (!this.trusted) return false;
    const known = this.rooms.get(topic);
    return known !== undefined && known.until > this.now() && compareMessageIds(cursor, known.id) >= 0;
  }

  /** Announcements may be lost from now on: forget everything and learn nothing until resume(). */
  suspend(): void {
    this.trusted = false;
    this.rooms.clear();
  }

  resume(): void {
    this.rooms.clear();
    this.trusted = true;
  }
}

/** The chat log with RoomNewest in front of its reads after a cursor. */
export class RememberingChatLog implements ChatLog {
  constructor(
    private readonly inner: ChatLog,
    private readonly newest: RoomNewest,
  ) {}

  append(room: ChatRoom, message: NewChatMessage): Promise<ChatMessage> {
    return this.inner.append(room, message);
  }

  change(room: ChatRoom, state: ChatMessage): Promise<ChatMessage> {
    return this.inner.change(room, state);
  }

  find(room: ChatRoom, id: MessageId): Promise<ChatMessage | null> {
    return this.inner.find(room, id);
  }

  latest(room: ChatRoom, limit: number): Promise<ChatMessage[]> {
    return this.inner.latest(room, limit);
  }

  before(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]> {
    return this.inner.before(room, cursor, limit);
  }

  async after(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]> {
    const topic = roomTopic(room);
    if (this.newest.nothingAfter(topic, cursor)) return [];
    const entries = await this.inner.after(room, cursor, limit);
    // Fewer than asked: the read reached the room's end.
    if (entries.length < limit) this.newest.learn(topic, entries.length ? parseMessageId(positionOf(entries.at(-1)!))! : cursor);
    return entries;
  }
}
