// Sessions in Redis, shared by every app server (no sticky sessions needed).
//
// `session:<sid>` holds the session's JSON. `session-user:<id>` indexes a
// student's sessions: a sorted set of session ids scored by when each
// expires, pruned of expired ones on every write and expiring with the
// newest of them, so ending all of a student's sessions never scans
// anything. Every command and script touches one key, so the store runs on
// Redis Cluster too (a session and its student's index live in different
// slots; the index is written first, so a crash in between leaves an index
// entry without a session, which is harmless, never a session nobody can end).
import { sessionOwner, type SessionData, type SessionStore } from '@application/ports/session-store';
import type { Clock } from '@application/ports/clock';
import type { UserId } from '@domain/ids';
import { DESTROYED_SESSION_KEPT_MS } from '@adapters/session/destroyed-sessions';
import { defineScript } from './chat-stream-keys';
import type { RedisConnection } from './redis-client';

/** What a destroyed session's key holds for a while (never valid JSON of a session). */
const DESTROYED = '!destroyed';

// KEYS[1] the session; ARGV data, ttl ms, marker. A destroyed session is not written again.
const SET_UNLESS_DESTROYED = `
if redis.call('GET', KEYS[1]) == ARGV[3] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

// KEYS[1] the session; ARGV marker, how long it is kept (ms). Answers the data it replaced (nil: none).
const MARK_DESTROYED = `
local data = redis.call('GET', KEYS[1])
if not data or data == ARGV[1] then return false end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return data`;

// KEYS[1] a student's index; ARGV sid, its expiry (epoch ms), now (epoch ms).
const INDEX_SESSION = `
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
local keep = tonumber(ARGV[2]) - tonumber(ARGV[3])
if redis.call('PTTL', KEYS[1]) < keep then redis.call('PEXPIRE', KEYS[1], keep) end
return 1`;

export class RedisSessionStore implements SessionStore {
  private readonly setUnlessDestroyed;
  private readonly markDestroyed;
  private readonly indexSession;

  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix = 'ss:',
    private readonly now: Clock = () => Date.now(),
  ) {
    this.setUnlessDestroyed = defineScript(redis, 'ssSessionSet', SET_UNLESS_DESTROYED, 1);
    this.markDestroyed = defineScript(redis, 'ssSessionDestroy', MARK_DESTROYED, 1);
    this.indexSession = defineScript(redis, 'ssSessionIndex', INDEX_SESSION, 1);
  }

  async get(sid: string): Promise<SessionData | null> {
    const raw = await this.redis.get(this.key(sid));
    return raw && raw !== DESTROYED ? (JSON.parse(raw) as SessionData) : null;
  }

  async set(sid: string, data: SessionData, ttlMs: number): Promise<void> {
    const ttl = Math.max(1, Math.round(ttlMs));
    const owner = sessionOwner(data);
    if (owner !== null) await this.indexSession([this.userKey(owner)], [sid, this.now() + ttl, this.now()]);
    await this.setUnlessDestroyed([this.key(sid)], [JSON.stringify(data), ttl, DESTROYED]);
  }

  async destroy(sid: string): Promise<void> {
    const data = (await this.markDestroyed([this.key(sid)], [DESTROYED, DESTROYED_SESSION_KEPT_MS])) as string | null;
    const owner = data ? sessionOwner(JSON.parse(data) as SessionData) : null;
    if (owner !== null) await this.redis.zrem(this.userKey(owner), sid);
  }

  async destroyAllOf(userId: UserId): Promise<string[]> {
    const index = this.userKey(userId);
    const sids = await this.redis.zrange(index, '0', '-1');
    if (sids.length === 0) return [];
    const replaced = await Promise.all(sids.map((sid) => this.markDestroyed([this.key(sid)], [DESTROYED, DESTROYED_SESSION_KEPT_MS])));
    // Only these: a session signed in meanwhile keeps its place.
    await this.redis.zrem(index, ...sids);
    return sids.filter((_, i) => replaced[i] !== null);
  }

  private key(sid: string): string {
    return `${this.prefix}session:${sid}`;
  }

  private userKey(userId: number): string {
    return `${this.prefix}session-user:${userId}`;
  }
}
