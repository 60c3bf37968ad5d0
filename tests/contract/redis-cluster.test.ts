// Every Redis adapter on a real Redis Cluster: three primaries started from
// the machine's redis-server for this file (tests/support/redis-cluster.ts),
// reached through ioredis' Cluster client as REDIS_CLUSTER_NODES configures
// it. The session, rate-limit, chat log and chat signal contract suites and
// the archive projector's suites run here as they run on one Redis server,
// and so does the app itself: a student signs up, posts and long-polls.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@adapters/logger';
import { connectRedis, createRedisClient, type RedisConnection, type RedisTarget } from '@adapters/redis/redis-client';
import { RedisRateLimiter } from '@adapters/redis/redis-rate-limiter';
import { RedisSessionStore } from '@adapters/redis/redis-session-store';
import type { RunningServer } from '@adapters/server';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { redisServerAvailable, startRedisCluster, type RedisClusterHandle } from '@tests/support/redis-cluster';
import { deleteKeysUnder, redisChatLogWorld, redisSignalsWorld, type RedisHandle } from '@tests/support/redis-worlds';
import { importTestCatalog, startTestApp } from '@tests/support/test-app';
import { createTestDatabase, type TestDatabase } from '@tests/support/test-services';
import { hasPostgres, usePostgres } from '@tests/support/use-adapters';
import { chatLogContract } from './chat-log.contract';
import { chatSignalsContract } from './chat-signals.contract';
import { rateLimiterContract } from './rate-limiter.contract';
import { redisChatProjectorFaultsSuite } from './redis-chat-projector-faults.suite';
import { redisChatProjectorSuite } from './redis-chat-projector.suite';
import { sessionStoreContract } from './session-store.contract';

describe.skipIf(!redisServerAvailable())('on a Redis Cluster of three primaries', () => {
  let cluster: RedisClusterHandle;
  let target: RedisTarget;
  const clients: RedisConnection[] = [];

  /** A cluster client as the app makes it, connected. */
  async function connect(): Promise<RedisConnection> {
    const client = createRedisClient(target, createLogger('silent'));
    await connectRedis(client, target);
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    cluster = await startRedisCluster(3);
    target = { kind: 'cluster', nodes: cluster.nodes };
  }, 90_000);

  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await cluster?.stop();
  });

  /** A connected cluster client and a key prefix of this block's own, cleared afterwards. */
  function useCluster(): RedisHandle {
    let client: RedisConnection;
    const prefix = `cluster:${randomBytes(4).toString('hex')}:`;
    beforeAll(async () => {
      client = await connect();
    });
    afterAll(async () => {
      if (client) await deleteKeysUnder(client, prefix);
    });
    return () => ({ redis: client, prefix });
  }

  it('spreads the slots over three primaries', async () => {
    const client = await connect();
    const shards = (await client.call('CLUSTER', 'SHARDS')) as unknown[];
    expect(shards).toHaveLength(3);
  });

  describe('RedisSessionStore', () => {
    const redis = useCluster();
    sessionStoreContract(() => new RedisSessionStore(redis().redis, redis().prefix), 'server-clock');
  });

  describe('RedisRateLimiter', () => {
    const redis = useCluster();
    rateLimiterContract(() => new RedisRateLimiter(redis().redis, redis().prefix), {
      makeSecond: async () => new RedisRateLimiter(await connect(), redis().prefix),
      makeBroken: async () => {
        const closed = await connect();
        closed.disconnect();
        return new RedisRateLimiter(closed, redis().prefix);
      },
    });
  });

  describe('RedisChatSignals (two app servers)', () => {
    chatSignalsContract(redisSignalsWorld(useCluster()));
  });

  describe.skipIf(!hasPostgres())('with Postgres', () => {
    describe('RedisStreamChatLog with its Postgres archive', () => {
      chatLogContract(redisChatLogWorld(usePostgres(), useCluster()));
    });

    describe('the archive projector', () => {
      redisChatProjectorSuite(usePostgres(), useCluster());
    });

    describe('the archive projector and entries it cannot store', () => {
      redisChatProjectorFaultsSuite(usePostgres(), useCluster());
    });

    describe('the app on REDIS_CLUSTER_NODES', () => {
      let database: TestDatabase;
      let server: RunningServer;
      const prefix = `cluster-app:${randomBytes(4).toString('hex')}:`;

      beforeAll(async () => {
        database = await createTestDatabase();
        await importTestCatalog(database.url);
        server = await startTestApp({
          name: 'services',
          env: { DATABASE_URL: database.url, REDIS_CLUSTER_NODES: cluster.nodes.join(','), REDIS_KEY_PREFIX: prefix },
        });
      }, 60_000);

      afterAll(async () => {
        await server?.close();
        await deleteKeysUnder(await connect(), prefix);
        await database?.drop();
      });

      it('signs a student up, keeps the session, and delivers a message to a waiting long-poll', async () => {
        const [alice, bob] = [new HttpSession(server.url), new HttpSession(server.url)];
        const signedUp = await alice.signUp(newStudent());
        expect(signedUp.body, JSON.stringify(signedUp.body)).toHaveProperty('user');
        const aliceId = signedUp.body.user.id as number;
        const bobId = (await bob.signUp(newStudent())).body.user.id as number;
        expect((await bob.get('/api/is-authenticated/')).body).toMatchObject({ isAuthenticated: true });
        const courseId = (await alice.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id as number;
        for (const student of [alice, bob]) await student.post('/api/insert-course-member/', { courseID: courseId });

        const waiting = bob.get(`/api/select-course-messages/${courseId}/${bobId}/?after=0-0&wait=20`);
        const posted = await alice.post('/api/insert-course-message/', {
          userID: aliceId,
          courseID: courseId,
          message: 'over the cluster',
        });
        expect(posted.status).toBe(201);
        const answer = await waiting;
        expect(answer.status).toBe(200);
        expect(answer.body.map((m: { message: string }) => m.message)).toEqual(['over the cluster']);
      });
    });
  });
});
