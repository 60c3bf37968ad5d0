// What this server knows about the newest entry of each chat room, so an idle
// poll (a cursor at the room's newest) is answered [] without reading the log.
// Fed by the rooms' announcements (every write announces its id) and by reads
// that reached the end of a room. It only ever says "nothing newer than X",
// for a few seconds: a lost announcement (pub/sub is at-most-once) can hide a
// message for that long at most, and none of it is trusted while the
// announcements cannot arrive (the subscriber is reconnecting).
import type { AppendedMessage, ChatLog, NewChatMessage, ReactedMessage, ReactionChange } from '@application/ports/chat-log';
import { roomTopic } from '@application/ports/chat-signals';
import type { Clock } from '@application/ports/clock';
import { positionOf, type ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { compareMessageIds, parseMessageId, type MessageId } from '@domain/chat/message-id';

const MAX_ROOMS = 100_000;
const ROOM_NEWEST_TTL_MS = 3_000;

export class RoomNewest {
  private readonly rooms = new Map<string, { id: MessageId; until: number }>();
  private trusted = true;
  /** Counts announcements: a read that started before the latest may lack what it announced. */
  generation = 0;

  constructor(
    private readonly ttlMs = ROOM_NEWEST_TTL_MS,
    private readonly now: Clock = () => Date.now(),
  ) {}

  /** An announcement arrived (of any topic): reads in flight are older than it. */
  announced(): void {
    this.generation += 1;
  }

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

/**
 * The chat log with RoomNewest in front of its reads after a cursor. Equal
 * reads at the same time also share one read of the log: when a message
 * wakes a room's hundred waiters they all ask for what follows the same
 * cursor. A read joins only one that started after the latest announcement,
 * so a waiter woken by an announcement never gets an answer from before it.
 */
export class RememberingChatLog implements ChatLog {
  private readonly reading = new Map<string, { generation: number; entries: Promise<ChatMessage[]> }>();

  constructor(
    private readonly inner: ChatLog,
    private readonly newest: RoomNewest,
  ) {}

  append(room: ChatRoom, message: NewChatMessage): Promise<AppendedMessage> {
    return this.inner.append(room, message);
  }

  change(room: ChatRoom, state: ChatMessage): Promise<ChatMessage> {
    return this.inner.change(room, state);
  }

  react(room: ChatRoom, id: MessageId, reaction: ReactionChange): Promise<ReactedMessage | null> {
    return this.inner.react(room, id, reaction);
  }

  mostReacted(room: ChatRoom, since: Date, limit: number): Promise<ChatMessage[]> {
    return this.inner.mostReacted(room, since, limit);
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
    const key = `${topic} ${cursor.ms}-${cursor.seq} ${limit}`;
    const inFlight = this.reading.get(key);
    if (inFlight && inFlight.generation === this.newest.generation) return inFlight.entries;
    const read = { generation: this.newest.generation, entries: this.inner.after(room, cursor, limit) };
    this.reading.set(key, read);
    try {
      const entries = await read.entries;
      // Fewer than asked: the read reached the room's end.
      if (entries.length < limit) this.newest.learn(topic, entries.length ? parseMessageId(positionOf(entries.at(-1)!))! : cursor);
      return entries;
    } finally {
      if (this.reading.get(key) === read) this.reading.delete(key);
    }
  }
}
