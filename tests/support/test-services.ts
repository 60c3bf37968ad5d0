// Per-file isolation on the shared services: a fresh Postgres database and a
// unique Redis key prefix for each test file.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { deleteRedisKeys } from './redis-keys';

export const databaseUrl = () => inject('databaseUrl');
export const redisUrl = () => inject('redisUrl');

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = databaseUrl();
  if (!baseUrl) throw new Error('No Postgres for this suite');
  const name = `ss_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(baseUrl, `create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(baseUrl, `drop database if exists "${name}" with (force)`),
  };
}

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function uniqueRedisPrefix(): string {
  return `test:${randomBytes(4).toString('hex')}:`;
}

/** Removes every key under the prefix. */
export async function clearRedisPrefix(prefix: string): Promise<void> {
  const url = redisUrl();
  if (url) await deleteRedisKeys(url, prefix);
}
