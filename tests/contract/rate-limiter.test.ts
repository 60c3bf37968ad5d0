import { once } from 'node:events';
import { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe } from 'vitest';
import { createKnex } from '../../adapters/database/create-knex';
import { InMemoryRateLimiter } from '../../adapters/memory/in-memory-rate-limiter';
import { KnexRateLimiter } from '../../adapters/postgres/knex-rate-limiter';
import { RedisRateLimiter } from '../../adapters/redis/redis-rate-limiter';
import { fakeProcessClock } from '../support/test-clock';
import { databaseUrl, redisUrl } from '../support/test-services';
import { hasPostgres, hasRedis, usePglite, usePostgres, useRedis } from '../support/use-adapters';
import { rateLimiterContract } from './rate-limiter.contract';

// rate-limiter-flexible reads Date.now itself (no clock can be passed in) and
// ends memory windows by timer; the Postgres one writes and compares expiry
// times from Date.now too, never the database's clock.
const memoryClock = () => fakeProcessClock(['Date', 'setTimeout', 'clearTimeout']);
const postgresClock = () => fakeProcessClock(['Date']);

describe('InMemoryRateLimiter', () => {
  rateLimiterContract(() => new InMemoryRateLimiter(), { useClock: memoryClock });
});

describe('KnexRateLimiter on PGlite', () => {
  const db = usePglite();
  rateLimiterContract(() => new KnexRateLimiter(db()), {
    useClock: postgresClock,
    // One process owns a PGlite database: the second adapter shares its connection.
    makeSecond: async () => new KnexRateLimiter(db()),
    makeBroken: async () => {
      const closed = createKnex({ kind: 'pglite' });
      await closed.destroy();
      return new KnexRateLimiter(closed);
    },
  });
});

describe.skipIf(!hasPostgres())('KnexRateLimiter on Postgres', () => {
  const db = usePostgres();
  const others: Knex[] = [];
  afterAll(async () => {
    for (const other of others) await other.destroy();
  });
  rateLimiterContract(() => new KnexRateLimiter(db()), {
    useClock: postgresClock,
    // A pool of its own on the same database, as a second app server with DATABASE_URL and no Redis.
    makeSecond: async () => {
      const connection = db().client.config.connection as string | { connectionString: string };
      const other = createKnex({ kind: 'postgres', url: typeof connection === 'string' ? connection : connection.connectionString });
      others.push(other);
      return new KnexRateLimiter(other);
    },
    makeBroken: async () => {
      const closed = createKnex({ kind: 'postgres', url: databaseUrl() });
      await closed.destroy();
      return new KnexRateLimiter(closed);
    },
  });
});

describe.skipIf(!hasRedis())('RedisRateLimiter', () => {
  const redis = useRedis();
  const others: Redis[] = [];
  afterAll(() => {
    for (const other of others) other.disconnect();
  });
  beforeAll(async () => {
    // The adapter refuses to queue behind a connection that is not ready.
    if (redis().redis.status !== 'ready') await once(redis().redis, 'ready');
  });
  // Windows and blocks are key expiries on Redis's own clock: no clock to take over.
  rateLimiterContract(() => new RedisRateLimiter(redis().redis, redis().prefix), {
    makeSecond: async () => {
      const other = new Redis(redisUrl());
      others.push(other);
      await once(other, 'ready');
      return new RedisRateLimiter(other, redis().prefix);
    },
    // A closed connection: the adapter must fail at once rather than queue.
    makeBroken: async () => {
      const closed = new Redis(redisUrl());
      await once(closed, 'ready');
      closed.disconnect();
      return new RedisRateLimiter(closed, redis().prefix);
    },
  });
});
