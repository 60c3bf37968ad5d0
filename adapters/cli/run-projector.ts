// `npm run projector`: the chat archive projector as its own process, for
// deployments that run the app servers with CHAT_PROJECTOR=false. Needs the
// same DATABASE_URL, REDIS_URL (or REDIS_CLUSTER_NODES) and REDIS_KEY_PREFIX as the app servers;
// METRICS_PORT serves its Prometheus metrics.
import { ConfigError, parseConfig } from '@adapters/config';
import { compose, INFRA } from '@adapters/container';
import { migrateToLatest } from '@adapters/database/migration-source';
import { StartupError } from '@adapters/dependency-errors';
import { createLogger } from '@adapters/logger';
import { connectRedis, redisTargetOf } from '@adapters/redis/redis-client';

async function main() {
  const config = parseConfig(process.env);
  const redisTarget = redisTargetOf(config);
  if (!config.databaseUrl || !redisTarget) {
    throw new ConfigError('The projector copies Redis streams into Postgres: set DATABASE_URL and REDIS_URL (or REDIS_CLUSTER_NODES).');
  }
  const logger = createLogger(config.logLevel);
  const { resolve } = compose(config, logger);
  const db = resolve(INFRA.Knex);
  const redis = resolve(INFRA.Redis);
  await connectRedis(redis, redisTarget);
  await migrateToLatest(db);
  const projector = resolve(INFRA.ChatProjector);
  // Its metrics (lag, archive delay, dead letters, failed queries and commands) on METRICS_PORT, when set.
  const metricsPort = config.metrics.enabled ? config.metrics.port : undefined;
  let metricsServer: { port: number; close(): Promise<void> } | null = null;
  if (metricsPort !== undefined) {
    const metrics = resolve(INFRA.Metrics);
    metrics.watchKnex(db);
    metrics.watchRedis(redis);
    metrics.watchProjector(projector);
    metricsServer = await metrics.listen(metricsPort, config.host);
  }
  projector.start();
  logger.info({ retention: config.chat.streamRetention, metricsPort: metricsServer?.port }, 'chat archive projector running');

  const stop = async (signal: string) => {
    logger.info({ signal }, 'chat archive projector stopping');
    await projector.stop();
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
      : `The chat archive projector failed: ${(error as Error).message}`,
  );
  process.exit(1);
});
