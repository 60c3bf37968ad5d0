import { describe } from 'vitest';
import { InMemorySessionStore } from '@tests/fakes/in-memory-session-store';
import { KnexSessionStore } from '@adapters/postgres/knex-session-store';
import { RedisSessionStore } from '@adapters/redis/redis-session-store';
import { CachedSessionStore } from '@adapters/session/cached-session-store';
import { hasPostgres, hasRedis, usePglite, usePostgres, useRedis } from '@tests/support/use-adapters';
import { sessionStoreContract } from './session-store.contract';

describe('InMemorySessionStore', () => {
  sessionStoreContract((now) => new InMemorySessionStore(now));
});

describe('CachedSessionStore over the in-memory one', () => {
  sessionStoreContract((now) => new CachedSessionStore(new InMemorySessionStore(now), { now }));
});

describe('KnexSessionStore on PGlite', () => {
  const db = usePglite();
  sessionStoreContract((now) => new KnexSessionStore(db(), now));
});

describe.skipIf(!hasPostgres())('KnexSessionStore on Postgres', () => {
  const db = usePostgres();
  sessionStoreContract((now) => new KnexSessionStore(db(), now));
});

describe.skipIf(!hasRedis())('RedisSessionStore', () => {
  const redis = useRedis();
  // Redis expires keys on its own clock: no Clock to give it.
  sessionStoreContract(() => new RedisSessionStore(redis().redis, redis().prefix), 'server-clock');
});
