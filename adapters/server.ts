// Starts one app server: connect to Redis, migrate, build the container and
// the Koa app, listen; and stops it gracefully (drain, then close).
import { createServer, ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import { TOKENS } from '@application/ports/tokens';
import { loadShippedCatalogIfEmpty } from '@adapters/catalog/shipped-catalog';
import type { AppConfig } from './config';
import { compose, INFRA, startBackgroundWork } from './container';
import { NOTIFICATION_JOBS, NOTIFICATION_QUEUES } from './notification-jobs';
import { resolveAll, type Resolve } from './register';
import { USE_CASES } from './use-cases';
import { maskUrl, reasonOf, StartupError } from './dependency-errors';
import { migrateToLatest, pendingMigrations } from '@adapters/database/migration-source';
import { CookieSigner } from '@adapters/http/cookie-signer';
import { clientAddressReader, createHttpApp, securityHeaderValues } from '@adapters/http/create-http-app';
import { chatPollFastPath } from '@adapters/http/chat-poll-fast-path';
import { timedCheck, type ReadinessProbe } from '@adapters/http/health';
import { createLogger } from './logger';
import { PACKAGE_ROOT } from './package-root';
import { ChatArchiveQueue, renameLegacyChatKeys } from '@adapters/redis/chat-archive-queue';
import { ChatStreamKeys } from '@adapters/redis/chat-stream-keys';
import { connectRedis, redisTargetOf } from '@adapters/redis/redis-client';

const CLIENT_DIR = path.join(PACKAGE_ROOT, 'dist/web');

/**
 * Server timeouts, chosen rather than inherited: a client has HEADERS_TIMEOUT_MS
 * to send its headers and REQUEST_TIMEOUT_MS to send a whole request (slow
 * senders cannot hold sockets for Node's default 5 minutes). Node applies
 * requestTimeout to receiving the request only, not to the answer, so a chat
 * poll waiting 30 s for news is not cut (tests/unit/long-answer.test.ts
 * keeps that assumption checked); an idle
 * keep-alive connection stays open KEEP_ALIVE_TIMEOUT_MS (config, 65 s by
 * default: longer than a load balancer's usual 60 s idle timeout, so the
 * balancer closes first and never reuses a connection the app just closed).
 */
const HEADERS_TIMEOUT_MS = 20_000;
const REQUEST_TIMEOUT_MS = 30_000;
const READINESS_CHECK_TIMEOUT_MS = 1_500;

export interface RunningServer {
  url: string;
  port: number;
  /** A port or infrastructure handle of this server's composition, for tests that reach an adapter directly. */
  resolve: Resolve;
  /** The metrics' own port when METRICS_PORT is set. */
  metricsPort?: number;
  /** Stops accepting, lets requests in flight finish (up to SHUTDOWN_TIMEOUT_MS), then closes everything. */
  close(): Promise<void>;
}

export async function startServer(config: AppConfig, logger: Logger = createLogger(config.logLevel)): Promise<RunningServer> {
  const startedAt = performance.now();
  const phases: Record<string, number> = {};
  const phase = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const begun = performance.now();
    try {
      return await work();
    } finally {
      phases[name] = Math.round(performance.now() - begun);
    }
  };
  const composition = compose(config, logger);
  const { resolve } = composition;
  if (config.nodeEnv === 'production' && !config.accounts.smtpUrl) {
    logger.warn(
      { outbox: config.accounts.outboxDir },
      'NODE_ENV=production without SMTP_URL: account mails are only written to the outbox folder',
    );
  }
  const db = resolve(INFRA.Knex);
  const redisTarget = redisTargetOf(config);
  const redis = redisTarget ? resolve(INFRA.Redis) : null;
  try {
    if (redis && redisTarget) {
      await phase('redisMs', () => connectRedis(redis, redisTarget));
      const moved = await renameLegacyChatKeys(redis, new ChatStreamKeys(config.redisKeyPrefix), config.redisKeyPrefix);
      if (moved) logger.info({ streams: moved }, 'chat streams renamed to their hash-tagged keys');
    }
    const applied = await phase('migrationsMs', () => migrateToLatest(db)).catch((error: unknown) => {
      if (!config.databaseUrl) throw error;
      throw new StartupError(`Cannot use Postgres at ${maskUrl(config.databaseUrl)}: ${reasonOf(error)}`);
    });
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  } catch (error) {
    redis?.disconnect();
    await db.destroy().catch(() => {});
    throw error;
  }
  if (!config.databaseUrl) {
    await phase('catalogMs', () =>
      loadShippedCatalogIfEmpty(resolve(USE_CASES.importCatalog), resolve(TOKENS.CourseCatalog), logger, config.catalog.file),
    );
  }

  let draining = false;
  const readiness: ReadinessProbe = {
    draining: () => draining,
    async checks() {
      const checks: Record<string, Promise<string>> = {
        database: timedCheck(async () => (await db.raw('select 1'), 'ok'), READINESS_CHECK_TIMEOUT_MS),
        migrations: timedCheck(async () => {
          const pending = await pendingMigrations(db);
          return pending.length ? `${pending.length} pending` : 'ok';
        }, READINESS_CHECK_TIMEOUT_MS),
      };
      if (redis)
        checks.redis = timedCheck(async () => ((await redis.ping()) === 'PONG' ? 'ok' : 'unexpected answer'), READINESS_CHECK_TIMEOUT_MS);
      const names = Object.keys(checks);
      const results = await Promise.all(Object.values(checks));
      return Object.fromEntries(names.map((name, i) => [name, results[i]]));
    },
  };

  const metrics = config.metrics.enabled ? resolve(INFRA.Metrics) : undefined;
  if (metrics) {
    metrics.watchKnex(db);
    if (redis) metrics.watchRedis(redis);
    const hub = resolve(INFRA.SignalHub);
    metrics.gauge('chat_waiting_requests', 'Chat long-polls (and unread waits) this server holds open.', () => hub.waiting);
    if (redis) metrics.watchArchiveQueue(new ChatArchiveQueue(redis, new ChatStreamKeys(config.redisKeyPrefix)));
    if (redis && config.chat.inProcessProjector) metrics.watchProjector(resolve(INFRA.ChatProjector));
    const jobs = resolve(NOTIFICATION_JOBS.JobQueue);
    metrics.watchJobs(NOTIFICATION_QUEUES, (queue) => jobs.stats(queue));
  }
  const metricsPort = config.metrics.port;
  const metricsServer = metrics && metricsPort !== undefined ? await metrics.listen(metricsPort, config.host) : null;

  const app = createHttpApp({
    logger,
    sessionStore: resolve(TOKENS.SessionStore),
    sessionSecret: config.sessionSecret,
    cookieSecure: config.cookieSecure,
    trustProxy: config.trustProxy,
    proxyHops: config.proxyHops,
    hsts: config.nodeEnv === 'production',
    clientDir: CLIENT_DIR,
    readiness,
    useCases: resolveAll(resolve, USE_CASES),
    heldPolls: resolve(INFRA.HeldPolls),
    metrics,
    metricsEndpoint: metricsServer === null,
  });
  const stopBackgroundWork = await startBackgroundWork(composition, logger);

  // Room for a reconnect storm (every student's poll at once after a restart):
  // Node's default of 511 pending connections overflows, and the dropped ones
  // wait out TCP's retransmission back-off. The kernel caps it at somaxconn.
  // Chat polls are answered before Koa when what they need is in memory (chat-poll-fast-path.ts).
  // Koa answers its own errors (ctx.onerror), so its promise is for nobody to await.
  const koa = app.callback();
  const handler = chatPollFastPath(
    {
      sessions: resolve(INFRA.SessionCache),
      signer: new CookieSigner(config.sessionSecret),
      access: resolve(INFRA.RoomAccessCache),
      newest: resolve(INFRA.RoomNewest),
      waitForChatMessages: resolve(USE_CASES.waitForChatMessages),
      heldPolls: resolve(INFRA.HeldPolls),
      securityHeaders: securityHeaderValues(config.nodeEnv === 'production'),
      draining: () => draining,
      logsPolls: () => logger.isLevelEnabled('debug'),
      logger,
      clientAddress: clientAddressReader(config.trustProxy, config.proxyHops),
      record: metrics ? (route, status, seconds, kind) => metrics.recordFastPoll(kind, route, status, seconds) : undefined,
    },
    (req, res) => void koa(req, res),
  );
  // Every answer whose headers go out while the server drains says Connection:
  // close, also one to a request begun before the signal, so its client
  // reconnects (to another server). Checked where the headers are written
  // (Koa, the fast path and Node's implicit headers all pass through writeHead),
  // rather than by tracking each request: that cost every poll a listener.
  const server = createServer({ ServerResponse: drainAwareResponse(() => draining) }, handler);
  server.listen({ port: config.port, host: config.host, backlog: 4096 });
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const mode = config.databaseUrl ? 'postgres' : 'embedded (PGlite)';
  // How long the start took, and where: the process's own start-up (loading
  // modules) and, in this function, each step that waits on a dependency.
  const startup = { processMs: Math.round(startedAt), ...phases, totalMs: Math.round(performance.now()) };
  logger.info({ port, database: mode, redis: redisTarget?.kind ?? false, startup }, `Study Swamp listening on http://localhost:${port}`);

  let closing: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    resolve,
    metricsPort: metricsServer?.port,
    close() {
      closing ??= (async () => {
        draining = true;
        // Long polls answer [] now (their clients poll again, elsewhere) rather than hold the drain.
        resolve(INFRA.SignalHub).close();
        await drain(server, config.shutdownTimeoutMs, logger);
        // Mails queued by the last requests still go out (up to the same deadline).
        await resolve(INFRA.Mailer).idle(config.shutdownTimeoutMs);
        resolve(INFRA.MailTransport).close();
        await stopBackgroundWork();
        await metricsServer?.close();
        await db.destroy();
        if (redis) await redis.quit().catch(() => redis.disconnect());
      })();
      return closing;
    },
  };
}

/**
 * Graceful stop: no new connections; idle keep-alive connections closed at
 * once and as they become idle; requests in flight run to completion (their
 * answers carry Connection: close) until the deadline, after which whatever
 * is left is cut.
 */
async function drain(server: Server, deadlineMs: number, logger: Logger): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), deadlineMs);
  });
  try {
    if ((await Promise.race([closed, deadline])) === 'deadline') {
      logger.warn({ deadlineMs }, 'requests still in flight at the shutdown deadline; closing their connections');
      server.closeAllConnections();
      await closed;
    }
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
}

/** Node's ServerResponse, adding Connection: close to the headers it writes while `draining()` says so. */
function drainAwareResponse(draining: () => boolean): typeof ServerResponse<IncomingMessage> {
  const writeHead = ServerResponse.prototype.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  return class DrainAwareResponse extends ServerResponse<IncomingMessage> {
    // One signature for writeHead's overloads: the arguments are passed on as they came.
    override writeHead(...args: unknown[]): this {
      if (draining() && !this.headersSent) this.setHeader('Connection', 'close');
      return writeHead.apply(this, args) as this;
    }
  };
}
