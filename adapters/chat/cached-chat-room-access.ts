// Remembers, for a short time, what a student may do in a room, so the
// every-second poll asks no database. A grant ("member") answers every check;
// a refusal answers only checks that allow a recent one (the rooms a long
// poll watches: `{ recent: true }`), so a student who just joined is let in at
// once while a poll naming rooms the student is not in asks no database each
// time. Leaving, removal and joining must call forget() (on every app server:
// see RedisMembershipChanges), or an answer outlives the membership until the
// time runs out.
import type { Clock } from '@application/ports/clock';
import type { ChatRoomAccess, RoomAccess, RoomAccessOptions } from '@application/ports/chat-room-access';
import type { ChatRoom } from '@domain/chat/chat-room';
import type { UserId } from '@domain/ids';

const MAX_ENTRIES = 100_000;

type Refusal = Exclude<RoomAccess, 'member'>;

export class CachedChatRoomAccess implements ChatRoomAccess {
  private readonly members = new Map<string, number>();
  // Apart from the grants, so that rooms named by the thousand (a script
  // watching every room id) fill and clear only this one.
  private readonly refusals = new Map<string, { answer: Refusal; until: number }>();
  // Bumped by every forget(): a check that started before it must not store
  // its (possibly stale) answer afterwards.
  private generation = 0;

  constructor(
    private readonly inner: ChatRoomAccess,
    private readonly ttlMs: number,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async check(userId: UserId, room: ChatRoom, options?: RoomAccessOptions): Promise<RoomAccess> {
    const key = cacheKey(userId, room);
    const until = this.members.get(key);
    if (until !== undefined && until > this.now()) return 'member';
    if (options?.recent) {
      const refusal = this.refusals.get(key);
      if (refusal !== undefined && refusal.until > this.now()) return refusal.answer;
    }
    const generation = this.generation;
    const answer = await this.inner.check(userId, room);
    if (this.ttlMs > 0 && generation === this.generation) {
      if (answer === 'member') {
        this.refusals.delete(key);
        remember(this.members, key, this.expiry());
      } else {
        this.members.delete(key);
        remember(this.refusals, key, { answer, until: this.expiry() });
      }
    } else if (answer !== 'member') {
      this.members.delete(key);
    }
    return answer;
  }

  /** Whether the student is remembered as a member of the room now (check() would answer 'member' at once). */
  peekMember(userId: UserId, room: ChatRoom): boolean {
    const until = this.members.get(cacheKey(userId, room));
    return until !== undefined && until > this.now();
  }

  /** The student joined or left the room: nothing remembered of them there holds. */
  forget(userId: UserId, room: ChatRoom): void {
    this.generation += 1;
    const key = cacheKey(userId, room);
    this.members.delete(key);
    this.refusals.delete(key);
  }

  /** Changes may have been missed: remember nothing from before now. */
  forgetAll(): void {
    this.generation += 1;
    this.members.clear();
    this.refusals.clear();
  }

  // Somewhere in the last quarter of the time, so the answers a burst of
  // checks stored do not all expire, and go to the database, together.
  private expiry(): number {
    return this.now() + this.ttlMs * (0.75 + 0.25 * Math.random());
  }
}

function remember<T>(entries: Map<string, T>, key: string, value: T): void {
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(key, value);
}

function cacheKey(userId: number, room: ChatRoom): string {
  return `${room.kind}:${room.id}:${userId}`;
}
