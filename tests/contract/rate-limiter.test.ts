import { once } from 'node:events';
import { Redis } from 'ioredis';
import { beforeAll, describe } from 'vitest';
import { createKnex } from '../../adapters/database/create-knex';
import { InMemoryRateLimiter } from '../../adapters/memory/in-memory-rate-limiter';
import { KnexRateLimiter } from '../../adapters/postgres/knex-rate-limiter';
import { RedisRateLimiter } from '../../adapters/redis/redis-rate-limiter';
import { databaseUrl, redisUrl } from '../support/test-services';
import { hasPostgres, hasRedis, usePglite, usePostgres, useRedis } from '../support/use-adapters';
import { rateLimiterContract } from './rate-limiter.contract';

describe('InMemoryRateLimiter', () => {
  rateLimiterContract(() => new InMemoryRateLimiter());
});

describe('KnexRateLimiter on PGlite', () => {
  const db = usePglite();
  rateLimiterContract(() => new KnexRateLimiter(db()), {
    makeBroken: async () => {
      const closed = createKnex({ kind: 'pglite' });
      await closed.destroy();
      return new KnexRateLimiter(closed);
    },
  });
});

describe.skipIf(!hasPostgres())('KnexRateLimiter on Postgres', () => {
  const db = usePostgres();
  rateLimiterContract(() => new KnexRateLimiter(db()), {
    makeBroken: async () => {
      const closed = createKnex({ kind: 'postgres', url: databaseUrl() });
      await closed.destroy();
      return new KnexRateLimiter(closed);
    },
  });
});

describe.skipIf(!hasRedis())('RedisRateLimiter', () => {
  const redis = useRedis();
  beforeAll(async () => {
    // The adapter refuses to queue behind a connection that is not ready.
    if (redis().redis.status !== 'ready') await once(redis().redis, 'ready');
  });
  rateLimiterContract(() => new RedisRateLimiter(redis().redis, redis().prefix), {
    // A closed connection: the adapter must fail at once rather than queue.
    makeBroken: async () => {
      const closed = new Redis(redisUrl());
      await once(closed, 'ready');
      closed.disconnect();
      return new RedisRateLimiter(closed, redis().prefix);
    },
  });
});
