// Several app servers: a departure is published on a Redis channel and every
// server (this one included, at once) drops the cached membership.
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { MembershipChanges } from '../../application/ports/membership-changes';
import type { ChatRoom } from '../../domain/chat/chat-room';
import type { CachedChatRoomAccess } from '../chat/cached-chat-room-access';

interface Departure {
  userId: number;
  kind: ChatRoom['kind'];
  roomId: number;
}

export class RedisMembershipChanges implements MembershipChanges {
  private subscriber: Redis | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly cache: CachedChatRoomAccess,
    private readonly logger?: Logger,
  ) {}

  private get channel(): string {
    return `${this.prefix}chat:membership-left`;
  }

  /** Listens for departures announced by the other servers. */
  async start(): Promise<void> {
    if (this.subscriber) return;
    // A subscriber connection of its own. Unlike the command client it may queue
    // its SUBSCRIBE until connected, and ioredis subscribes again after a reconnect.
    const subscriber = this.redis.duplicate({ lazyConnect: false, enableOfflineQueue: true });
    this.subscriber = subscriber;
    // Outages are reported by the command client's watcher; this only keeps ioredis quiet.
    subscriber.on('error', (error: Error) => this.logger?.debug({ reason: error.message }, 'membership subscriber connection error'));
    subscriber.on('message', (channel: string, text: string) => {
      if (channel !== this.channel) return;
      const departure = parseDeparture(text);
      if (departure) this.cache.forget(departure.userId, { kind: departure.kind, id: departure.roomId });
    });
    await subscriber.subscribe(this.channel);
  }

  async stop(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = null;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }

  async left(userId: number, room: ChatRoom): Promise<void> {
    this.cache.forget(userId, room);
    const departure: Departure = { userId, kind: room.kind, roomId: room.id };
    try {
      await this.redis.publish(this.channel, JSON.stringify(departure));
    } catch (error) {
      // The student has left either way; the other servers' entries expire on their own.
      this.logger?.warn({ err: error, ...departure }, 'could not announce a departure to the other servers');
    }
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
