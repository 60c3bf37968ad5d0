// Sessions in RedisConnection, shared by every app server (no sticky sessions needed).
import type { RedisConnection } from './redis-client';
import type { SessionData, SessionStore } from '../../application/ports/session-store';

export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix = 'ss:',
  ) {}

  async get(sid: string): Promise<SessionData | null> {
    const raw = await this.redis.get(this.key(sid));
    return raw ? (JSON.parse(raw) as SessionData) : null;
  }

  async set(sid: string, data: SessionData, ttlMs: number): Promise<void> {
    await this.redis.set(this.key(sid), JSON.stringify(data), 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async destroy(sid: string): Promise<void> {
    await this.redis.del(this.key(sid));
  }

  private key(sid: string): string {
    return `${this.prefix}session:${sid}`;
  }
}
