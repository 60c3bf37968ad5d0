// Counters in Redis (rate-limiter-flexible's RateLimiterRedis: one Lua script per
// consumption, atomic across every app server), under REDIS_KEY_PREFIX + "rl:".
// A Redis that is not connected fails at once (rejectIfRedisNotReady) instead of
// queueing the login behind a reconnect.
import type { RedisConnection } from './redis-client';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { RateRule } from '@application/ports/rate-limiter';
import { FlexibleRateLimiter, type LimiterOptions } from '@adapters/rate-limit/flexible-rate-limiter';

export class RedisRateLimiter extends FlexibleRateLimiter {
  constructor(
    private readonly redis: RedisConnection,
    private readonly prefix = 'ss:',
  ) {
    super();
  }

  protected override keyPrefix(rule: RateRule): string {
    return `${this.prefix}rl:${rule.name}`;
  }

  protected createLimiter(options: LimiterOptions) {
    return new RateLimiterRedis({ ...options, storeClient: this.redis, rejectIfRedisNotReady: true });
  }
}
