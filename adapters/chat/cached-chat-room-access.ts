// Remembers, for a short time, that a student is a member of a room, so the
// every-second poll asks no database. Only "member" is remembered: someone who
// just joined is let in at once. Leaving or removal must call forget() (on
// every app server: see RedisMembershipChanges), or access outlives the
// membership until the time runs out.
import type { Clock } from '../../application/ports/clock';
import type { ChatRoomAccess, RoomAccess } from '../../application/ports/chat-room-access';
import type { ChatRoom } from '../../domain/chat/chat-room';

const MAX_ENTRIES = 100_000;

export class CachedChatRoomAccess implements ChatRoomAccess {
  private readonly members = new Map<string, number>();
  // Bumped by every forget(): a check that started before it must not store
  // its (possibly stale) answer afterwards.
  private generation = 0;

  constructor(
    private readonly inner: ChatRoomAccess,
    private readonly ttlMs: number,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async check(userId: number, room: ChatRoom): Promise<RoomAccess> {
    const key = cacheKey(userId, room);
    const until = this.members.get(key);
    if (until !== undefined && until > this.now()) return 'member';
    const generation = this.generation;
    const answer = await this.inner.check(userId, room);
    if (answer === 'member' && this.ttlMs > 0 && generation === this.generation) {
      if (this.members.size >= MAX_ENTRIES) this.members.clear();
      // Somewhere in the last quarter of the time, so the memberships a burst
      // of checks stored do not all expire, and go to the database, together.
      this.members.set(key, this.now() + this.ttlMs * (0.75 + 0.25 * Math.random()));
    } else if (answer !== 'member') {
      this.members.delete(key);
    }
    return answer;
  }

  /** Whether the student is remembered as a member of the room now (check() would answer 'member' at once). */
  peekMember(userId: number, room: ChatRoom): boolean {
    const until = this.members.get(cacheKey(userId, room));
    return until !== undefined && until > this.now();
  }

  forget(userId: number, room: ChatRoom): void {
    this.generation += 1;
    this.members.delete(cacheKey(userId, room));
  }

  /** Departures may have been missed: remember nothing from before now. */
  forgetAll(): void {
    this.generation += 1;
    this.members.clear();
  }
}

function cacheKey(userId: number, room: ChatRoom): string {
  return `${room.kind}:${room.id}:${userId}`;
}
