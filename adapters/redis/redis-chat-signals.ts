// Several app servers: an announcement wakes this server's waiters at once and
// is published on one channel, whose messages the process's one subscriber
// connection hands to the local hub. Never a blocking Redis connection per
// waiting client: a waiter costs a map entry and a timer.
import { randomBytes } from 'node:crypto';
import type { RedisConnection } from './redis-client';
import type { Logger } from 'pino';
import type { ChatSignals, Watch } from '@application/ports/chat-signals';
import { deliver } from '@adapters/chat/local-chat-signals';
import type { RoomNewest } from '@adapters/chat/room-newest';
import type { SignalHub } from '@adapters/chat/signal-hub';
import type { RedisSubscriber } from './redis-subscriber';

export class RedisChatSignals implements ChatSignals {
  // Tells this server's own messages apart: it has delivered them already.
  private readonly origin = randomBytes(6).toString('base64url');
  private readonly channel: string;

  constructor(
    private readonly redis: RedisConnection,
    prefix: string,
    subscriber: RedisSubscriber,
    private readonly hub: SignalHub,
    private readonly newest: RoomNewest,
    private readonly logger?: Logger,
  ) {
    this.channel = `${prefix}chat:signals`;
    // "origin topic [newest]"
    subscriber.on(this.channel, (text) => {
      const [origin, topic, newestId] = text.split(' ');
      if (origin !== this.origin && topic) deliver(hub, newest, topic, newestId);
    });
    subscriber.onGap({
      lost: () => newest.suspend(),
      // Whatever was announced meanwhile is lost: every waiter reads again.
      restored: () => {
        newest.resume();
        hub.wakeAll();
      },
    });
  }

  watch(topics: readonly string[]): Watch {
    return this.hub.watch(topics);
  }

  async announce(topic: string, newest?: string): Promise<void> {
    deliver(this.hub, this.newest, topic, newest);
    try {
      await this.redis.publish(this.channel, newest ? `${this.origin} ${topic} ${newest}` : `${this.origin} ${topic}`);
    } catch (error) {
      // The write is done either way; the other servers' waiters get it at their deadline.
      this.logger?.warn({ err: error, topic }, 'could not announce to the other servers');
    }
  }
}
