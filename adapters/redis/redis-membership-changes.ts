// Several app servers: a join or a leave is published on a Redis channel
// and every server (this one at once) drops what it remembers of the
// student's access to the room (a grant or a refusal) and wakes the student's
// waiting polls, which then look again (after a leave they find the door
// shut). The channel keeps its first name, `chat:membership-left`: a server
// of the previous version reads a join as a leave, which does the same.
import type { RedisConnection } from './redis-client';
import type { Logger } from 'pino';
import { studentTopic } from '@application/ports/chat-signals';
import type { MembershipChanges } from '@application/ports/membership-changes';
import type { ChatRoom } from '@domain/chat/chat-room';
import type { UserId } from '@domain/ids';
import type { CachedChatRoomAccess } from '@adapters/chat/cached-chat-room-access';
import type { SignalHub } from '@adapters/chat/signal-hub';
import type { RedisSubscriber } from './redis-subscriber';

interface Change {
  userId: UserId;
  kind: ChatRoom['kind'];
  roomId: number;
  /** What happened (for the log; both are applied alike). Absent in a leave from the previous version. */
  change?: 'joined' | 'left';
}

export class RedisMembershipChanges implements MembershipChanges {
  private readonly channel: string;

  constructor(
    private readonly redis: RedisConnection,
    prefix: string,
    subscriber: RedisSubscriber,
    private readonly cache: CachedChatRoomAccess,
    private readonly hub: SignalHub,
    private readonly logger?: Logger,
  ) {
    this.channel = `${prefix}chat:membership-left`;
    subscriber.on(this.channel, (text) => {
      const change = parseChange(text);
      if (change) this.apply(change.userId, { kind: change.kind, id: change.roomId });
    });
    // Changes announced while the subscriber was away are lost: forget every remembered answer.
    subscriber.onGap({ lost: () => cache.forgetAll(), restored: () => cache.forgetAll() });
  }

  joined(userId: UserId, room: ChatRoom): Promise<void> {
    return this.announce({ userId, kind: room.kind, roomId: room.id, change: 'joined' });
  }

  left(userId: UserId, room: ChatRoom): Promise<void> {
    return this.announce({ userId, kind: room.kind, roomId: room.id, change: 'left' });
  }

  private async announce(change: Change): Promise<void> {
    this.apply(change.userId, { kind: change.kind, id: change.roomId });
    try {
      await this.redis.publish(this.channel, JSON.stringify(change));
    } catch (error) {
      // The change is made either way; the other servers' entries expire on their own.
      this.logger?.warn({ err: error, ...change }, 'could not announce a membership change to the other servers');
    }
  }

  private apply(userId: UserId, room: ChatRoom): void {
    this.cache.forget(userId, room);
    this.hub.wake(studentTopic(userId));
  }
}

function parseChange(text: string): Change | null {
  try {
    const value = JSON.parse(text) as Partial<Change>;
    if (Number.isSafeInteger(value.userId) && Number.isSafeInteger(value.roomId) && (value.kind === 'course' || value.kind === 'group')) {
      return value as Change;
    }
  } catch {
    // not ours
  }
  return null;
}
