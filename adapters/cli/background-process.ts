// What `npm run projector` and `npm run worker` share: a process beside the
// app servers on Postgres + Redis (refused without them), the schema brought
// up to date, its Prometheus metrics on METRICS_PORT when set, its work
// started, and a clean stop on SIGINT/SIGTERM; one line and exit 1 when it
// cannot start.
import { ConfigError, parseConfig, type AppConfig } from '@adapters/config';
import { compose, INFRA } from '@adapters/container';
import { migrateToLatest } from '@adapters/database/migration-source';
import { StartupError } from '@adapters/dependency-errors';
import { createLogger } from '@adapters/logger';
import type { AppMetrics } from '@adapters/observability/app-metrics';
import { connectRedis, redisTargetOf } from '@adapters/redis/redis-client';
import type { Resolve } from '@adapters/register';
import type { Logger } from 'pino';

interface BackgroundWork {
  /** "chat archive projector": in the log lines and errors. */
  name: string;
  /** Why it needs Postgres + Redis, said when they are not configured. */
  needs: string;
  /** Watches what the process's metrics should show beyond the pool and Redis. */
  watch?(metrics: AppMetrics, resolve: Resolve): void;
  /** Starts the work; answers how to stop it, and what the "running" log line adds. */
  start(resolve: Resolve, config: AppConfig, logger: Logger): Promise<{ stop(): Promise<void>; details: Record<string, unknown> }>;
}

export function runBackgroundProcess(work: BackgroundWork): void {
  main(work).catch((error) => {
    console.error(
      error instanceof ConfigError || error instanceof StartupError
        ? error.message
        : `The ${work.name} failed: ${(error as Error).message}`,
    );
    process.exit(1);
  });
}

async function main(work: BackgroundWork) {
  const config = parseConfig(process.env);
  const redisTarget = redisTargetOf(config);
  if (!config.databaseUrl || !redisTarget) throw new ConfigError(work.needs);
  const logger = createLogger(config.logLevel);
  const { resolve } = compose(config, logger);
  const db = resolve(INFRA.Knex);
  const redis = resolve(INFRA.Redis);
  await connectRedis(redis, redisTarget);
  await migrateToLatest(db);
  let metricsServer: { port: number; close(): Promise<void> } | null = null;
  if (config.metrics.enabled && config.metrics.port !== undefined) {
    const metrics = resolve(INFRA.Metrics);
    metrics.watchKnex(db);
    metrics.watchRedis(redis);
    work.watch?.(metrics, resolve);
    metricsServer = await metrics.listen(config.metrics.port, config.host);
  }
  const running = await work.start(resolve, config, logger);
  logger.info({ ...running.details, metricsPort: metricsServer?.port }, `${work.name} running`);

  const stop = async (signal: string) => {
    logger.info({ signal }, `${work.name} stopping`);
    await running.stop();
    await metricsServer?.close();
    await db.destroy();
    await redis.quit();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
