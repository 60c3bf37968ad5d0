// Several app servers: a session's change (a write, a logout) is published so
// that every server's session cache forgets it.
import type { RedisConnection } from './redis-client';
import type { Logger } from 'pino';
import type { CachedSessionStore } from '@adapters/session/cached-session-store';
import type { RedisSubscriber } from './redis-subscriber';

export class RedisSessionChanges {
  private readonly channel: string;

  constructor(
    private readonly redis: RedisConnection,
    prefix: string,
    subscriber: RedisSubscriber,
    cache: () => CachedSessionStore,
    private readonly logger?: Logger,
  ) {
    this.channel = `${prefix}session:changed`;
    subscriber.on(this.channel, (sid) => cache().forget(sid));
    subscriber.onGap({ lost: () => cache().suspend(), restored: () => cache().resume() });
  }

  async announce(sid: string): Promise<void> {
    try {
      await this.redis.publish(this.channel, sid);
    } catch (error) {
      // The store has the change; other servers' copies expire within seconds.
      this.logger?.warn({ err: error }, 'could not announce a session change to the other servers');
    }
  }
}
