// Finds Postgres and Redis for the contract and integration suites, in order:
// TEST_DATABASE_URL / TEST_REDIS_URL, else containers when a Docker engine
// answers, else none (Postgres suites then run on PGlite; Redis suites skip).
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string;
    servicesSource: string;
  }
}

type Stop = () => Promise<void>;

export default async function setup(project: TestProject) {
  let databaseUrl = process.env.TEST_DATABASE_URL ?? '';
  let redisUrl = process.env.TEST_REDIS_URL ?? '';
  let source = 'environment';
  const stops: Stop[] = [];

  if ((!databaseUrl || !redisUrl) && (await dockerAnswers())) {
    source = 'testcontainers';
    if (!databaseUrl) {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
      const pg = await new PostgreSqlContainer('postgres:15-alpine').start();
      databaseUrl = pg.getConnectionUri();
      stops.push(async () => void (await pg.stop()));
    }
    if (!redisUrl) {
      const { RedisContainer } = await import('@testcontainers/redis');
      const redis = await new RedisContainer('redis:7-alpine').start();
      redisUrl = redis.getConnectionUrl();
      stops.push(async () => void (await redis.stop()));
    }
  } else if (!databaseUrl || !redisUrl) {
    source = 'embedded fallback';
  }
  console.log(
    `[services] ${source}: Postgres ${databaseUrl ? 'available' : 'absent (PGlite only)'}, ` +
      `Redis ${redisUrl ? 'available' : 'absent (Redis suites skip)'}`,
  );
  project.provide('databaseUrl', databaseUrl);
  project.provide('redisUrl', redisUrl);
  project.provide('servicesSource', source);
  return async () => {
    for (const stop of stops) await stop();
  };
}

async function dockerAnswers(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    const client = await Promise.race([
      getContainerRuntimeClient(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 10_000)),
    ]);
    return Boolean(client);
  } catch {
    return false;
  }
}
