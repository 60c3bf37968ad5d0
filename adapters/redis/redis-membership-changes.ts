// Several app servers: a departure is published on a Redis channel and every
// server (this one at once) drops the cached membership and wakes the
// student's waiting polls, which then find the door shut.
import type { RedisConnection } from './redis-client';
import type { Logger } from 'pino';
import { studentTopic } from '../../application/ports/chat-signals';
import type { MembershipChanges } from '../../application/ports/membership-changes';
import type { ChatRoom } from '../../domain/chat/chat-room';
import type { CachedChatRoomAccess } from '../chat/cached-chat-room-access';
import type { SignalHub } from '../chat/signal-hub';
import type { RedisSubscriber } from './redis-subscriber';

interface Departure {
  userId: number;
  kind: ChatRoom['kind'];
  roomId: number;
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
      const departure = parseDeparture(text);
      if (departure) this.apply(departure.userId, { kind: departure.kind, id: departure.roomId });
    });
    // Departures announced while the subscriber was away are lost: forget every remembered membership.
    subscriber.onGap({ lost: () => cache.forgetAll(), restored: () => cache.forgetAll() });
  }

  async left(userId: number, room: ChatRoom): Promise<void> {
    this.apply(userId, room);
    const departure: Departure = { userId, kind: room.kind, roomId: room.id };
    try {
      await this.redis.publish(this.channel, JSON.stringify(departure));
    } catch (error) {
      // The student has left either way; the other servers' entries expire on their own.
      this.logger?.warn({ err: error, ...departure }, 'could not announce a departure to the other servers');
    }
  }

  private apply(userId: number, room: ChatRoom): void {
    this.cache.forget(userId, room);
    this.hub.wake(studentTopic(userId));
  }
}

function parseDeparture(text: string): Departure | null {
  try {
    const value = JSON.parse(text) as Partial<Departure>;
    if (Number.isSafeInteger(value.userId) && Number.isSafeInteger(value.roomId) && (value.kind === 'course' || value.kind === 'group')) {
      return value as Departure;
    }
  } catch {
    // not ours
  }
  return null;
}
