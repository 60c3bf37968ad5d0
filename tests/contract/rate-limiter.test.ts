import { once } from 'node:events';
import { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '@adapters/database/create-knex';
import { InMemoryRateLimiter } from '@tests/fakes/in-memory-rate-limiter';
import { KnexRateLimiter } from '@adapters/postgres/knex-rate-limiter';
import { createLogger } from '@adapters/logger';
import { connectRedis, createRedisClient, type RedisConnection } from '@adapters/redis/redis-client';
import { RedisRateLimiter } from '@adapters/redis/redis-rate-limiter';
import { fakeProcessClock } from '@tests/support/test-clock';
import { clearRedisPrefix, databaseUrl, redisUrl } from '@tests/support/test-services';
import { hasPostgres, hasRedis, usePglite, usePostgres, useRedis } from '@tests/support/use-adapters';
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

// ioredis 6 auto-pipelining (the app's client) queues a command on the pipeline
// of the current tick. rate-limiter-flexible defines its Lua command on the
// client when a rule's limiter is first built; a pipeline created earlier in
// the same tick does not have it, and ioredis then misaligns that pipeline's
// replies and throws outside any promise (redis/ioredis#1931): the process died.
describe.skipIf(!hasRedis())('RedisRateLimiter on the app client (auto-pipelining)', () => {
  const { prefix } = { prefix: `test:${Date.now()}:autopipe:` };
  let client: RedisConnection;
  beforeAll(async () => {
    client = createRedisClient(redisUrl()!, createLogger('silent'));
    await connectRedis(client, redisUrl()!);
  });
  afterAll(async () => {
    await clearRedisPrefix(prefix);
    client.disconnect();
  });

  it('counts a rule first used in the same tick as other commands', async () => {
    const limiter = new RedisRateLimiter(client, prefix);
    const rules = Array.from({ length: 5 }, (_, i) => ({ name: `autopipe-${i}`, points: 3, windowMs: 60_000 }));
    const answers = await Promise.all(
      rules.flatMap((rule) => [client.get(`${prefix}other`), limiter.consume(rule, 'k'), client.get(`${prefix}other`)]),
    );
    expect(answers.filter((answer) => typeof answer === 'object' && answer !== null)).toEqual(
      rules.map(() => expect.objectContaining({ allowed: true, consumed: 1 })),
    );
  });
});
