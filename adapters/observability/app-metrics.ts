// Prometheus metrics for one app server (prom-client): requests by route and
// status with their latency, what the use cases report (Telemetry), the chat
// archive projector's lag and dead letters, and the health of the Postgres
// pool and the Redis client. One registry per composition, so several servers
// in one process (the tests) never share or clash.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RedisConnection } from '@adapters/redis/redis-client';
import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Telemetry, TelemetryEvent } from '@application/ports/telemetry';
import { isDependencyOutage, reasonOf, StartupError } from '@adapters/dependency-errors';
import type { AppState } from '@adapters/http/app-state';
import { routeLabel } from '@adapters/http/request-context';

const PREFIX = 'studyswamp_';

/** Seconds; long-polls (up to 30 s) land in the last buckets, by their own route label. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** What a gauge reads when it is scraped (null: leave it out of this scrape). */
export type Reading = () => number | null | Promise<number | null>;

export class AppMetrics implements Telemetry {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route' | 'status'>;
  private readonly chatPosted: Counter<'room'>;
  private readonly loginRefused: Counter<'limit'>;
  private readonly loginHeld: Counter;
  private readonly dependencyErrors: Counter<'dependency' | 'kind'>;
  private readonly fastPolls: Counter<'kind'>;
  private readonly replacedPolls: Counter;
  private readonly mails: Counter<'kind' | 'outcome'>;
  private readonly notifications: Counter<'channel' | 'outcome'>;
  readonly chatArchived: Histogram;
  readonly chatDeadLetters: Counter;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
    this.requests = new Counter({
      name: `${PREFIX}http_requests_total`,
      help: 'HTTP requests answered, by method, route (the API route template, or client, health, metrics, unmatched) and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'Time from a request arriving to its answer, by method, route and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.chatPosted = new Counter({
      name: `${PREFIX}chat_messages_posted_total`,
      help: 'Chat messages stored, by room kind.',
      labelNames: ['room'],
      registers,
    });
    this.loginRefused = new Counter({
      name: `${PREFIX}login_refused_total`,
      help: 'Login attempts refused by the login guard, by the limit that refused (address, pair, pair-blocked: the attempt that blocked its pair, device: a locked device cookie).',
      labelNames: ['limit'],
      registers,
    });
    this.loginHeld = new Counter({
      name: `${PREFIX}login_held_total`,
      help: 'Login attempts held by the per-username slow-down before evaluation.',
      registers,
    });
    this.dependencyErrors = new Counter({
      name: `${PREFIX}dependency_errors_total`,
      help: 'Failed Postgres queries and Redis commands, by dependency and kind (outage: unreachable or timing out; error: refused by the server).',
      labelNames: ['dependency', 'kind'],
      registers,
    });
    this.fastPolls = new Counter({
      name: `${PREFIX}chat_polls_fast_total`,
      help: 'Chat polls answered before the request pipeline, by kind (idle: at once from memory; wait: a long poll); also counted in the request metrics.',
      labelNames: ['kind'],
      registers,
    });
    this.replacedPolls = new Counter({
      name: `${PREFIX}chat_polls_replaced_total`,
      help: 'Long polls answered early because their session opened more than its cap at once (the oldest makes room); a real browser never should.',
      registers,
    });
    this.notifications = new Counter({
      name: `${PREFIX}notifications_total`,
      help: 'Notifications for one student, by channel and outcome (sent; failed: the job runs again; deferred: held to the end of quiet hours).',
      labelNames: ['channel', 'outcome'],
      registers,
    });
    this.mails = new Counter({
      name: `${PREFIX}mails_total`,
      help: 'Account mails (verify-email, reset-password) handed to the SMTP server or the outbox, or failed, by kind and outcome.',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.chatArchived = new Histogram({
      name: `${PREFIX}chat_archive_delay_seconds`,
      help: 'Age of each chat message when the archive projector stored it (how far the archive trails the chat).',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
      registers,
    });
    this.chatDeadLetters = new Counter({
      name: `${PREFIX}chat_dead_letters_total`,
      help: 'Chat entries the archive refused for good and moved to a dead-letter stream.',
      registers,
    });
  }

  record(event: TelemetryEvent): void {
    switch (event.kind) {
      case 'chat-message-posted':
        this.chatPosted.inc({ room: event.room });
        break;
      case 'login-refused':
        this.loginRefused.inc({ limit: event.limit });
        break;
      case 'login-held':
        this.loginHeld.inc();
        break;
      case 'notification':
        this.notifications.inc({ channel: event.channel, outcome: event.outcome });
        break;
    }
  }

  recordMail(kind: string, outcome: 'sent' | 'failed'): void {
    this.mails.inc({ kind, outcome });
  }

  /** A gauge read at every scrape; a null reading leaves the metric out of that scrape. */
  gauge(name: string, help: string, read: Reading): void {
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      registers: [this.registry],
      async collect() {
        const value = await read();
        if (value === null) this.reset();
        else this.set(value);
      },
    });
  }

  /** Counts every failed query and the pool's state at each scrape. */
  watchKnex(db: Knex): void {
    db.on('query-error', (error: unknown) => {
      this.dependencyErrors.inc({ dependency: 'postgres', kind: isDependencyOutage(error) ? 'outage' : 'error' });
    });
    type Pool = { numUsed(): number; numFree(): number; numPendingAcquires(): number };
    const pool = () => (db.client as { pool?: Pool }).pool;
    this.gauge('postgres_pool_used', 'Postgres connections in use by this server.', () => pool()?.numUsed() ?? null);
    this.gauge('postgres_pool_free', "Idle Postgres connections in this server's pool.", () => pool()?.numFree() ?? null);
    this.gauge('postgres_pool_waiting', 'Requests waiting for a Postgres connection.', () => pool()?.numPendingAcquires() ?? null);
  }

  /** Counts every Redis command that fails, and lost connections. */
  watchRedis(redis: RedisConnection): void {
    // Every command passes through sendCommand (a cluster's takes the target node as a third argument: passed on untouched).
    const client = redis as unknown as { sendCommand(command: { promise: Promise<unknown> }, ...rest: unknown[]): unknown };
    const send = client.sendCommand.bind(client);
    client.sendCommand = (command, ...rest) => {
      command.promise.catch((error: unknown) => {
        this.dependencyErrors.inc({ dependency: 'redis', kind: isDependencyOutage(error) ? 'outage' : 'error' });
      });
      return send(command, ...rest);
    };
    this.gauge('redis_connected', "1 while this server's Redis connection is ready, 0 otherwise.", () =>
      redis.status === 'ready' ? 1 : 0,
    );
  }

  /** The job queues (pg-boss, shared by every server): jobs due and how late the oldest is, by queue; left out of a scrape when the database does not answer. */
  watchJobs(queues: readonly string[], stats: (queue: string) => Promise<{ due: number; oldestDueAgeMs: number | null }>): void {
    const read = () => Promise.all(queues.map(async (queue) => ({ queue, ...(await stats(queue)) }))).catch(() => []);
    const byQueue = (name: string, help: string, value: (row: { due: number; oldestDueAgeMs: number | null }) => number) =>
      new Gauge({
        name: `${PREFIX}${name}`,
        help,
        labelNames: ['queue'],
        registers: [this.registry],
        async collect() {
          this.reset();
          for (const row of await read()) this.set({ queue: row.queue }, value(row));
        },
      });
    byQueue('jobs_due', 'Background jobs whose time has come, waiting for a worker (new, or due to retry), by queue.', (row) => row.due);
    byQueue(
      'jobs_oldest_due_seconds',
      'How long the oldest due job has waited past its start for a worker (0: none), by queue.',
      (row) => (row.oldestDueAgeMs ?? 0) / 1000,
    );
  }

  /** The archive projector this process runs: the age of the oldest entry it read and could not archive yet. */
  watchProjector(projector: { oldestHeldAgeMs(): number }): void {
    this.gauge(
      'chat_projector_lag_seconds',
      "Age of the oldest chat entry this process's archive projector holds unarchived (0: none).",
      () => projector.oldestHeldAgeMs() / 1000,
    );
  }

  /**
   * The rooms waiting for the archive, as every app server sees them whether
   * or not it runs the projector: how many, and how long the one waiting
   * longest has (the age of its newest entry to archive). Both grow when no
   * projector runs or it falls behind. Left out of a scrape when Redis does not answer.
   */
  watchArchiveQueue(queue: { backlog(): Promise<{ rooms: number; oldestMs: number | null }> }, now: () => number = Date.now): void {
    const backlog = () => queue.backlog().catch(() => null);
    this.gauge(
      'chat_archive_backlog_rooms',
      'Chat rooms with entries the archive projector has not archived yet.',
      async () => (await backlog())?.rooms ?? null,
    );
    this.gauge(
      'chat_archive_backlog_seconds',
      'How long the room waiting longest for the archive has waited, from its newest entry to archive (0: none waiting).',
      async () => {
        const read = await backlog();
        if (!read) return null;
        return read.oldestMs === null ? 0 : Math.max(0, now() - read.oldestMs) / 1000;
      },
    );
  }

  /** Counts and times every request; placed right after the request context, so refusals and errors are counted too. */
  http(): Middleware<AppState> {
    return async (ctx, next) => {
      const started = performance.now();
      try {
        await next();
      } finally {
        this.recordRequest(ctx.method, routeLabel(ctx.state.route, ctx.path), ctx.status, (performance.now() - started) / 1000);
      }
    };
  }

  /** A chat poll the fast path answered. */
  recordFastPoll(kind: 'idle' | 'wait', route: string, status: number, seconds: number): void {
    this.fastPolls.inc({ kind });
    this.recordRequest('GET', route, status, seconds);
  }

  /** A session's oldest long poll answered early to make room for its newest. */
  recordReplacedPoll(): void {
    this.replacedPolls.inc();
  }

  /** One answered request. */
  recordRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  /** GET /metrics in Prometheus' text format. */
  endpoint(): Middleware<AppState> {
    return async (ctx, next) => {
      if (ctx.path !== '/metrics' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
      ctx.state.route = '/metrics';
      ctx.set('Cache-Control', 'no-store');
      ctx.type = this.registry.contentType;
      ctx.body = await this.registry.metrics();
    };
  }

  /** The endpoint on a port of its own (METRICS_PORT), so it need not be reachable from the internet; a port in use stops start-up. */
  async listen(port: number, host: string): Promise<{ port: number; close(): Promise<void> }> {
    const server: Server = createServer((request, response) => {
      if (request.url !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: the metrics are at /metrics\n');
        return;
      }
      this.registry.metrics().then(
        (text) => response.writeHead(200, { 'Content-Type': this.registry.contentType, 'Cache-Control': 'no-store' }).end(text),
        () => response.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics unavailable\n'),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error) => reject(new StartupError(`Cannot serve metrics on port ${port}: ${reasonOf(error)}`)));
      server.listen(port, host, () => resolve());
    });
    return {
      port: (server.address() as AddressInfo).port,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }
}
