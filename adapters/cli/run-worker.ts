// `npm run worker`: the notification jobs (room batches now; the job queue is
// pg-boss on Postgres) in a process of their own, for deployments that run
// the app servers with NOTIFICATION_WORKER=false. Needs the same DATABASE_URL,
// REDIS_URL (or REDIS_CLUSTER_NODES), REDIS_KEY_PREFIX, SESSION_SECRET and
// VAPID_* as the app servers; METRICS_PORT serves its Prometheus metrics.
// Several workers may run: each job runs on one of them.
import { ConfigError, parseConfig } from '@adapters/config';
import { compose, INFRA } from '@adapters/container';
import { migrateToLatest } from '@adapters/database/migration-source';
import { StartupError } from '@adapters/dependency-errors';
import { createLogger } from '@adapters/logger';
import { NOTIFICATION_JOBS, NOTIFICATION_QUEUES, startNotificationWork } from '@adapters/notification-jobs';
import { connectRedis, redisTargetOf } from '@adapters/redis/redis-client';

async function main() {
  const config = parseConfig(process.env);
  const redisTarget = redisTargetOf(config);
  if (!config.databaseUrl || !redisTarget) {
    throw new ConfigError(
      'The worker runs beside app servers on Postgres + Redis: set DATABASE_URL and REDIS_URL (or REDIS_CLUSTER_NODES). The embedded default runs its jobs in the app.',
    );
  }
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
    const jobs = resolve(NOTIFICATION_JOBS.JobQueue);
    metrics.watchJobs(NOTIFICATION_QUEUES, (queue) => jobs.stats(queue));
    metricsServer = await metrics.listen(config.metrics.port, config.host);
  }
  const stopWork = await startNotificationWork(resolve, config, logger, true);
  logger.info({ queues: NOTIFICATION_QUEUES, metricsPort: metricsServer?.port }, 'notification worker running');

  const stop = async (signal: string) => {
    logger.info({ signal }, 'notification worker stopping: finishing the jobs in hand');
    await stopWork();
    await metricsServer?.close();
    await db.destroy();
    await redis.quit();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(
    error instanceof ConfigError || error instanceof StartupError
      ? error.message
      : `The notification worker failed: ${(error as Error).message}`,
  );
  process.exit(1);
});
