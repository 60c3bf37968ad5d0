// The app's Redis client, set up to fail fast: no offline queue (a command
// while disconnected fails at once instead of waiting for a reconnect), a
// one-second command timeout (a Redis that hangs), and a reconnect loop that
// recovers by itself when Redis returns. Requests then answer 503 quickly
// instead of hanging for up to 30 s and answering 500.
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { maskUrl, reasonOf, StartupError } from '../dependency-errors';

export const REDIS_COMMAND_TIMEOUT_MS = 1_000;
/** The Lua command RateLimiterRedis defines on the client it is given. */
const RATE_LIMITER_COMMAND = 'rlflxIncr';
export const REDIS_CONNECT_TIMEOUT_MS = 2_000;

export function createRedisClient(url: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
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
  });
  watchConnection(redis, url, logger);
  return redis;
}

// One line when the connection is lost and one when it is back, rather than
// ioredis' "Unhandled error event" trace on every reconnect attempt.
function watchConnection(redis: Redis, url: string, logger: Logger): void {
  let down = false;
  let wasReady = false;
  redis.on('error', (error: Error) => {
    if (!wasReady || down) return;
    down = true;
    logger.error({ redis: maskUrl(url), reason: error.message }, 'Redis is unreachable; requests that need it answer 503 until it returns');
  });
  redis.on('close', () => {
    if (wasReady && !down && redis.status !== 'end') {
      down = true;
      logger.error({ redis: maskUrl(url) }, 'Redis connection lost; requests that need it answer 503 until it returns');
    }
  });
  redis.on('ready', () => {
    if (down) logger.info({ redis: maskUrl(url) }, 'Redis is reachable again');
    down = false;
    wasReady = true;
  });
}

/**
 * Connects before the server listens, so a wrong REDIS_URL stops start-up with
 * one line instead of failing every request. Also refuses a database index the
 * server does not have (ioredis would fall back to database 0 silently).
 */
export async function connectRedis(redis: Redis, url: string): Promise<void> {
  const where = maskUrl(url);
  // connect() itself only says "Connection is closed."; the error event says why.
  let cause: unknown = null;
  const remember = (error: unknown) => (cause ??= error);
  redis.on('error', remember);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new StartupError(`Cannot reach Redis at ${where}: ${reasonOf(cause ?? error)}`);
  } finally {
    redis.off('error', remember);
  }
  const wanted = databaseIndex(url);
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
    throw new StartupError(`Redis at ${where} has no database ${wanted} (the server refused SELECT ${wanted}): use an index the server allows`);
  }
}

function databaseIndex(url: string): number {
  const path = new URL(url).pathname.replace(/^\//, '');
  return path === '' ? 0 : Number(path);
}
