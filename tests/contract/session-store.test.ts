import { describe } from 'vitest';
import { InMemorySessionStore } from '../../adapters/memory/in-memory-session-store';
import { KnexSessionStore } from '../../adapters/postgres/knex-session-store';
import { RedisSessionStore } from '../../adapters/redis/redis-session-store';
import { hasPostgres, hasRedis, usePglite, usePostgres, useRedis } from '../support/use-adapters';
import { sessionStoreContract } from './session-store.contract';

describe('InMemorySessionStore', () => {
  sessionStoreContract(() => new InMemorySessionStore());
});

describe('KnexSessionStore on PGlite', () => {
  const db = usePglite();
  sessionStoreContract(() => new KnexSessionStore(db()));
});

describe.skipIf(!hasPostgres())('KnexSessionStore on Postgres', () => {
  const db = usePostgres();
  sessionStoreContract(() => new KnexSessionStore(db()));
});

describe.skipIf(!hasRedis())('RedisSessionStore', () => {
  const redis = useRedis();
  sessionStoreContract(() => new RedisSessionStore(redis().redis, redis().prefix));
});
