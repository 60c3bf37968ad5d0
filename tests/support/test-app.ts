// Starts the real app (composition root, Koa, migrations) for a test, on
// services (Postgres + Redis) or embedded (PGlite under a temp DATA_DIR).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseConfig } from '../../adapters/config';
import { startServer, type RunningServer } from '../../adapters/server';

export interface AppTarget {
  name: 'services' | 'embedded';
  env: Record<string, string>;
}

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export function embeddedTarget(): AppTarget {
  return { name: 'embedded', env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'ss-embedded-')) } };
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

export function startTestApp(target: AppTarget, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
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
  return startServer(config);
}
