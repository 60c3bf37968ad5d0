// Fixed-window counters in Redis: one round trip per hit, atomic across servers.
import type { Redis } from 'ioredis';
import type { RateLimiter, WindowCount } from '../../application/ports/rate-limiter';

const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'ss:',
  ) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const [count, ttl] = (await this.redis.eval(HIT, 1, this.key(key), Math.max(1, Math.round(windowMs)))) as [
      number,
      number,
    ];
    return { count, resetInMs: Math.max(0, ttl) };
  }

  async peek(key: string): Promise<WindowCount> {
    const [[, count], [, ttl]] = (await this.redis
      .multi()
      .get(this.key(key))
      .pttl(this.key(key))
      .exec()) as [[null, string | null], [null, number]];
    return count === null ? { count: 0, resetInMs: 0 } : { count: Number(count), resetInMs: Math.max(0, ttl) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }

  private key(key: string): string {
    return `${this.prefix}rate:${key}`;
  }
}
