// Starts the real app (composition root, Koa, migrations) for a test file, on
// services (Postgres + Redis) or embedded (PGlite under a temp DATA_DIR), and
// runs API suites on every run mode the machine has.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe } from 'vitest';
import { ImportCatalog } from '@application/catalog/import-catalog';
import { readCatalogFile } from '@adapters/catalog/catalog-file-reader';
import { parseConfig } from '@adapters/config';
import { createKnex } from '@adapters/database/create-knex';
import { migrateToLatest } from '@adapters/database/migration-source';
import { startServer, type RunningServer } from '@adapters/server';
import { knexCatalog } from './catalog-store';
import { TEST_CATALOG } from './test-catalog';
import { clearRedisPrefix, createTestDatabase, redisUrl, uniqueRedisPrefix } from './test-services';
import { hasPostgres, hasRedis } from './use-adapters';

export interface AppTarget {
  name: 'services' | 'embedded';
  env: Record<string, string>;
}

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** The embedded default on a fresh DATA_DIR; it loads `catalogFile` (the test catalog unless told) on its first start. */
export function embeddedTarget(catalogFile = TEST_CATALOG): AppTarget {
  return { name: 'embedded', env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'ss-embedded-')), CATALOG_FILE: catalogFile } };
}

export function servicesTarget(databaseUrl: string, redisUrl: string, redisPrefix: string): AppTarget {
  return {
    name: 'services',
    env: {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: redisPrefix,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'ss-services-')),
    },
  };
}

/** Starts the app on the target; its log goes nowhere unless a logger is given. */
export function startTestApp(target: AppTarget, extraEnv: Record<string, string> = {}, logger?: Logger): Promise<RunningServer> {
  const config = parseConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    BCRYPT_COST: '4',
    SESSION_SECRET: TEST_SECRET,
    TRUST_PROXY: 'true',
    ...target.env,
    ...extraEnv,
  });
  return startServer(config, logger);
}

export interface TestAppOptions {
  /** Services mode: import the test catalog (or CATALOG_FILE) the way an operator does (the embedded app loads it itself on first start). */
  catalog?: boolean;
  /** Settings beyond the test defaults. */
  env?: Record<string, string>;
}

/** The app one describe block runs against. */
export interface TestApp {
  readonly server: RunningServer;
  readonly url: string;
  readonly target: AppTarget;
  /** Stops the server and starts another on the same data, as an operator's restart does. */
  restart(): Promise<void>;
}

/**
 * Starts the app before the block's tests and stops it after them, dropping
 * its database and Redis keys (services) on the way out.
 */
export function useTestApp(mode: AppTarget['name'], options: TestAppOptions = {}): TestApp {
  let server: RunningServer | undefined;
  let target: AppTarget | undefined;
  let cleanup = async () => {};
  beforeAll(async () => {
    if (mode === 'services') {
      const db = await createTestDatabase();
      const prefix = uniqueRedisPrefix();
      cleanup = async () => {
        await clearRedisPrefix(prefix);
        await db.drop();
      };
      if (options.catalog) await importTestCatalog(db.url, options.env?.CATALOG_FILE);
      target = servicesTarget(db.url, redisUrl(), prefix);
    } else {
      target = embeddedTarget();
    }
    server = await startTestApp(target, options.env);
  });
  afterAll(async () => {
    await server?.close();
    await cleanup();
  });
  return {
    get server() {
      if (!server) throw new Error('The test app starts in beforeAll');
      return server;
    },
    get url() {
      return this.server.url;
    },
    get target() {
      if (!target) throw new Error('The test app starts in beforeAll');
      return target;
    },
    async restart() {
      await server?.close();
      server = await startTestApp(this.target, options.env);
    },
  };
}

/** An API suite against the embedded default and, when the machine has them, Postgres + Redis. */
export function describeOnEveryMode(title: string, suite: (app: TestApp) => void, options: TestAppOptions = {}): void {
  describe(`${title}, embedded default`, () => suite(useTestApp('embedded', options)));
  describe.skipIf(!hasPostgres() || !hasRedis())(`${title}, Postgres + Redis`, () => suite(useTestApp('services', options)));
}

export async function importTestCatalog(url: string, file = TEST_CATALOG): Promise<void> {
  const knex = createKnex({ kind: 'postgres', url });
  await migrateToLatest(knex);
  await new ImportCatalog(knexCatalog(knex)).execute(readCatalogFile(file));
  await knex.destroy();
}
