// The rooms the archive projector still has to visit: a sorted set of rooms,
// each scored by the newest entry marked in it. Posting marks the room after
// its XADD; the projector takes a room off only when what it archived reaches
// that score, in a script of its own, so a message marked meanwhile keeps the
// room queued. No command touches the queue and a room's stream together,
// which Redis Cluster could not run (they live in different slots); a post
// whose mark was lost (the process died between the two commands) is found by
// the projector's periodic rescan of the streams.
import type { ChatRoom } from '@domain/chat/chat-room';
import type { MessageId } from '@domain/chat/message-id';
import { archiveScore, type ChatStreamKeys, defineScript, roomFromMember, roomMember } from './chat-stream-keys';
import type { RedisConnection } from './redis-client';

// Off the queue only if nothing newer than what was settled was marked since.
const SETTLE_MARK = `
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) <= tonumber(ARGV[2]) then
  redis.call('ZREM', KEYS[1], ARGV[1])
  return 1
end
return 0
`;

export class ChatArchiveQueue {
  private readonly settleScript;

  constructor(
    private readonly redis: RedisConnection,
    private readonly keys: ChatStreamKeys,
  ) {
    this.settleScript = defineScript(redis, 'studySwampChatSettleMark', SETTLE_MARK, 1);
  }

  /** The room has an entry up to `id` that the archive lacks (a later mark never lowers the score). */
  async mark(room: ChatRoom, id: MessageId): Promise<void> {
    await this.markScore(room, archiveScore(id));
  }

  /** The same, from a score the rescan read in Redis (archiveScore of the stream's newest entry). */
  async markScore(room: ChatRoom, score: number): Promise<void> {
    await this.redis.zadd(this.keys.archiveQueue, 'GT', score, roomMember(room));
  }

  /** Takes the room off the queue if no entry after `upto` was marked. */
  async settle(room: ChatRoom, upto: number): Promise<boolean> {
    return (await this.settleScript([this.keys.archiveQueue], [roomMember(room), upto])) === 1;
  }

  /** Up to `count` queued rooms, at random (a room that keeps failing cannot starve the others). */
  async sample(count: number): Promise<ChatRoom[]> {
    const members = (await this.redis.zrandmember(this.keys.archiveQueue, count)) as string[];
    const rooms: ChatRoom[] = [];
    const stray: string[] = [];
    for (const member of members) {
      const room = roomFromMember(member);
      if (room) rooms.push(room);
      else stray.push(member);
    }
    if (stray.length) await this.redis.zrem(this.keys.archiveQueue, ...stray);
    return rooms;
  }

  /** How many rooms are queued, and the time (ms) of the newest entry marked in the one queued longest (null: none). */
  async backlog(): Promise<{ rooms: number; oldestMs: number | null }> {
    const [rooms, oldest] = await Promise.all([this.size(), this.redis.zrange(this.keys.archiveQueue, '0', '0', 'WITHSCORES')]);
    return { rooms, oldestMs: oldest.length === 2 ? Math.floor(Number(oldest[1]) / 1000) : null };
  }

  async size(): Promise<number> {
    return this.redis.zcard(this.keys.archiveQueue);
  }

  /** Whether the room is queued (for tests and the rescan). */
  async has(room: ChatRoom): Promise<boolean> {
    return (await this.redis.zscore(this.keys.archiveQueue, roomMember(room))) !== null;
  }
}

/**
 * Streams written before the keys carried a hash tag ("chat:room:course:12",
 * and the set "chat:rooms-to-archive") take their new names, so an upgrade
 * loses no message the archive had not taken yet. Idempotent and cheap when
 * nothing is left to move; a single Redis server only (no cluster ever held
 * the old names). Answers how many streams moved.
 */
export async function renameLegacyChatKeys(redis: RedisConnection, keys: ChatStreamKeys, prefix: string): Promise<number> {
  if ('nodes' in redis && typeof redis.nodes === 'function') return 0;
  let moved = 0;
  for (const kind of ['room', 'dead'] as const) {
    let cursor = '0';
    do {
      const [next, found] = (await redis.scan(cursor, 'MATCH', `${prefix}chat:${kind}:*`, 'COUNT', 500)) as [string, string[]];
      cursor = next;
      for (const key of found) {
        const room = roomFromMember(key.slice(`${prefix}chat:${kind}:`.length));
        if (!room) continue;
        const target = kind === 'room' ? keys.stream(room) : keys.deadLetters(room);
        try {
          // RENAMENX: never over a stream the new code already wrote to (that room then keeps both; the old one is left for an operator).
          if ((await redis.renamenx(key, target)) === 1 && kind === 'room') moved += 1;
        } catch {
          // Renamed meanwhile by another server.
        }
      }
    } while (cursor !== '0');
  }
  // The rooms it listed are found again by the projector's rescan.
  await redis.del(`${prefix}chat:rooms-to-archive`);
  return moved;
}
