// The app's Redis client, set up to fail fast: no offline queue (a command
// while disconnected fails at once instead of waiting for a reconnect), a
// one-second command timeout (a Redis that hangs), and a reconnect loop that
// recovers by itself when Redis returns. Requests then answer 503 quickly
// instead of hanging for up to 30 s and answering 500.
import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import { maskUrl, reasonOf, StartupError } from '@adapters/dependency-errors';

const REDIS_COMMAND_TIMEOUT_MS = 1_000;
/** The Lua command RateLimiterRedis defines on the client it is given. */
const RATE_LIMITER_COMMAND = 'rlflxIncr';
const REDIS_CONNECT_TIMEOUT_MS = 2_000;

/** One Redis server, or a Redis Cluster (REDIS_CLUSTER_NODES): the commands the app uses work on both. */
export type RedisConnection = Redis | Cluster;

/** Where Redis is: one server's URL, or some nodes of a cluster (the client finds the rest). */
export type RedisTarget = { kind: 'single'; url: string } | { kind: 'cluster'; nodes: string[] };

/** The Redis of a configuration (REDIS_URL or REDIS_CLUSTER_NODES), or null in the embedded mode. */
export function redisTargetOf(config: { redisUrl?: string; redisClusterNodes?: string[] }): RedisTarget | null {
  if (config.redisClusterNodes?.length) return { kind: 'cluster', nodes: config.redisClusterNodes };
  return config.redisUrl ? { kind: 'single', url: config.redisUrl } : null;
}

/** How a target is named in log lines and errors, password masked. */
function describeRedisTarget(target: RedisTarget): string {
  return target.kind === 'single' ? maskUrl(target.url) : `the Redis Cluster at ${target.nodes.map(maskUrl).join(', ')}`;
}

export function createRedisClient(target: string | RedisTarget, logger: Logger): RedisConnection {
  const where = typeof target === 'string' ? { kind: 'single' as const, url: target } : target;
  const redis = where.kind === 'single' ? new Redis(where.url, clientOptions()) : createCluster(where.nodes);
  watchConnection(redis, describeRedisTarget(where), logger);
  return redis;
}

/**
 * A second connection to the same Redis for subscribing (a subscribed
 * connection can run nothing else). Unlike the command client it may queue
 * its SUBSCRIBE until connected; on a cluster, PUBLISH reaches every node, so
 * any node serves.
 */
export function subscriberConnection(redis: RedisConnection, connectionName: string): RedisConnection {
  if (redis instanceof Cluster) {
    return redis.duplicate([], {
      lazyConnect: false,
      enableOfflineQueue: true,
      enableAutoPipelining: false,
      redisOptions: { ...redis.options.redisOptions, connectionName },
    });
  }
  return redis.duplicate({ lazyConnect: false, enableOfflineQueue: true, enableAutoPipelining: false, connectionName });
}

function createCluster(nodes: string[]): Cluster {
  const first = new URL(nodes[0]);
  return new Cluster(
    nodes.map((node) => {
      const url = new URL(node);
      return { host: url.hostname, port: Number(url.port || 6379) };
    }),
    {
      lazyConnect: true,
      enableOfflineQueue: false,
      enableAutoPipelining: true,
      autoPipeliningIgnoredCommands: [RATE_LIMITER_COMMAND],
      // Every node is asked again for the slot map at most this often after a MOVED.
      slotsRefreshInterval: 5_000,
      clusterRetryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      redisOptions: {
        ...nodeOptions(),
        username: first.username ? decodeURIComponent(first.username) : undefined,
        password: first.password ? decodeURIComponent(first.password) : undefined,
      },
    },
  );
}

function clientOptions(): RedisOptions {
  return { lazyConnect: true, ...nodeOptions() };
}

/** What each connection to a Redis server gets, alone or as a cluster's node. */
function nodeOptions(): RedisOptions {
  return {
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    // rate-limiter-flexible defines this command on the client when a rule is first
    // used; an auto-pipeline created earlier in that tick lacks it, and ioredis 6
    // then throws outside any promise and kills the process (redis/ioredis#1931).
    autoPipeliningIgnoredCommands: [RATE_LIMITER_COMMAND],
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    // Keep trying for ever, at most every 2 s, so the app recovers on its own.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  };
}

// One line when the connection is lost and one when it is back, rather than
// ioredis' "Unhandled error event" trace on every reconnect attempt.
function watchConnection(redis: RedisConnection, where: string, logger: Logger): void {
  let down = false;
  let wasReady = false;
  redis.on('error', (error: Error) => {
    if (!wasReady || down) return;
    down = true;
    logger.error({ redis: where, reason: error.message }, 'Redis is unreachable; requests that need it answer 503 until it returns');
  });
  redis.on('close', () => {
    if (wasReady && !down && redis.status !== 'end') {
      down = true;
      logger.error({ redis: where }, 'Redis connection lost; requests that need it answer 503 until it returns');
    }
  });
  redis.on('ready', () => {
    if (down) logger.info({ redis: where }, 'Redis is reachable again');
    down = false;
    wasReady = true;
  });
}

/**
 * Connects before the server listens, so a wrong REDIS_URL stops start-up with
 * one line instead of failing every request. Also refuses a database index the
 * server does not have (ioredis would fall back to database 0 silently).
 */
export async function connectRedis(redis: RedisConnection, target: string | RedisTarget): Promise<void> {
  const where = typeof target === 'string' ? { kind: 'single' as const, url: target } : target;
  const name = describeRedisTarget(where);
  // connect() itself only says "Connection is closed."; the error event says why.
  let cause: unknown = null;
  const remember = (error: unknown) => (cause ??= error);
  redis.on('error', remember);
  let timer: NodeJS.Timeout | undefined;
  try {
    // A cluster keeps trying its nodes for ever; start-up does not wait that long.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer within 10 s')), 10_000);
    });
    await Promise.race([redis.connect(), deadline]);
  } catch (error) {
    redis.disconnect();
    throw new StartupError(`Cannot reach Redis at ${name}: ${reasonOf(cause ?? error)}`);
  } finally {
    clearTimeout(timer);
    redis.off('error', remember);
  }
  // A cluster has database 0 only.
  if (where.kind === 'cluster') return;
  const wanted = databaseIndex(where.url);
  let actual: number | null = null;
  try {
    const info = String(await redis.call('CLIENT', 'INFO'));
    const match = /\bdb=(\d+)/.exec(info);
    actual = match ? Number(match[1]) : null;
  } catch {
    // CLIENT INFO needs Redis 6.2; without it, trust SELECT.
  }
  if (actual !== null && actual !== wanted) {
    redis.disconnect();
    throw new StartupError(
      `Redis at ${name} has no database ${wanted} (the server refused SELECT ${wanted}): use an index the server allows`,
    );
  }
}

function databaseIndex(url: string): number {
  const path = new URL(url).pathname.replace(/^\//, '');
  return path === '' ? 0 : Number(path);
}
