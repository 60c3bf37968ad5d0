// beforeAll/afterAll helpers that give a test file a migrated database or a
// Redis client with its own key prefix.
import { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { afterAll, beforeAll } from 'vitest';
import { createKnex } from '@adapters/database/create-knex';
import { migrateToLatest } from '@adapters/database/migration-source';
import { clearRedisPrefix, createTestDatabase, databaseUrl, redisUrl, uniqueRedisPrefix, type TestDatabase } from './test-services';

export const hasPostgres = () => Boolean(databaseUrl());
export const hasRedis = () => Boolean(redisUrl());

/** An in-process PGlite database, migrated, for this file. */
export function usePglite(): () => Knex {
  let db: Knex;
  beforeAll(async () => {
    db = createKnex({ kind: 'pglite' });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });
  return () => db;
}

/** A fresh Postgres database on the test server, migrated, for this file. */
export function usePostgres(): () => Knex {
  let db: Knex;
  let testDb: TestDatabase;
  beforeAll(async () => {
    if (!hasPostgres()) return;
    testDb = await createTestDatabase();
    db = createKnex({ kind: 'postgres', url: testDb.url });
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await testDb?.drop();
  });
  return () => db;
}

/** A Redis client and a key prefix of this file's own, cleared afterwards. */
export function useRedis(): () => { redis: Redis; prefix: string } {
  let redis: Redis;
  const prefix = uniqueRedisPrefix();
  beforeAll(() => {
    if (!hasRedis()) return;
    redis = new Redis(redisUrl());
  });
  afterAll(async () => {
    if (!redis) return;
    await clearRedisPrefix(prefix);
    redis.disconnect();
  });
  return () => ({ redis, prefix });
}
