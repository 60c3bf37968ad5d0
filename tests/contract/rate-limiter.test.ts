import { describe } from 'vitest';
import { InMemoryRateLimiter } from '../../adapters/memory/in-memory-rate-limiter';
import { KnexRateLimiter } from '../../adapters/postgres/knex-rate-limiter';
import { RedisRateLimiter } from '../../adapters/redis/redis-rate-limiter';
import { hasPostgres, hasRedis, usePglite, usePostgres, useRedis } from '../support/use-adapters';
import { rateLimiterContract } from './rate-limiter.contract';

describe('InMemoryRateLimiter', () => {
  rateLimiterContract(() => new InMemoryRateLimiter());
});

describe('KnexRateLimiter on PGlite', () => {
  const db = usePglite();
  rateLimiterContract(() => new KnexRateLimiter(db()));
});

describe.skipIf(!hasPostgres())('KnexRateLimiter on Postgres', () => {
  const db = usePostgres();
  rateLimiterContract(() => new KnexRateLimiter(db()));
});

describe.skipIf(!hasRedis())('RedisRateLimiter', () => {
  const redis = useRedis();
  rateLimiterContract(() => new RedisRateLimiter(redis().redis, redis().prefix));
});
