// The job queue on the product's own database, with pg-boss (Postgres's
// SKIP LOCKED queue: no other store to run, and a job can later be written in
// the transaction of what caused it). The same library runs on the embedded
// PGlite: pg-boss's statements go through Knex's pool (one connection on
// PGlite), so they never land inside another request's transaction.
// - Keys: a job's id is derived from its queue and key (a name-based UUID),
//   and pg-boss inserts with ON CONFLICT DO NOTHING, so a key is queued once
//   while the job is kept (completed jobs are archived after a week).
// - Retries: RETRY_LIMIT more runs by default, waiting retryDelaySeconds,
//   then twice as long each time (pg-boss's backoff).
// - A process that dies mid-job: the job expires after expireInSeconds and
//   pg-boss's maintenance (on whichever server holds its lock) queues it again.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import type { JobOptions, JobQueue, JobQueueStats, QueuedJob } from '@application/ports/job-queue';
import { eachAtMost } from '@application/shared/each-at-most';

const RETRY_LIMIT = 5;
const WEEK_SECONDS = 7 * 24 * 3600;
const START_ATTEMPTS = 3;
/** Jobs a worker fetches at once, and how many of them run side by side. */
const BATCH_SIZE = 50;
const JOBS_AT_ONCE = 10;

export interface PgBossJobQueueOptions {
  /** Where pg-boss keeps its tables ("pgboss"; tests use one schema each). */
  schema?: string;
  /** The first retry's wait; each later one doubles. */
  retryDelaySeconds?: number;
  /** A job running longer is taken for dead and runs again. */
  expireInSeconds?: number;
  /** How often expired jobs are looked for (and old ones archived). */
  maintenanceIntervalSeconds?: number;
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds?: number;
  /** Told of pg-boss's own errors (a lost connection while polling); it carries on. */
  onError?: (error: Error) => void;
}

interface RawConnection {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite's: several statements in one text. */
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

/** pg-boss's statements on a connection of Knex's pool: `$1` parameters as pg-boss writes them, scripts of several statements too. */
function knexPool(db: Knex): PgBoss.Db {
  const client = db.client as { acquireConnection(): Promise<RawConnection>; releaseConnection(c: RawConnection): Promise<void> };
  return {
    async executeSql(text, values = []) {
      const connection = await client.acquireConnection();
      try {
        if (values.length > 0) return await connection.query(text, values);
        if (connection.exec) return { rows: (await connection.exec(text)).at(-1)?.rows ?? [] };
        return await connection.query(text);
      } catch (error) {
        // A script of several statements that failed inside its BEGIN leaves the connection in an
        // aborted transaction: end it before the connection goes back to the pool (and to the app).
        await connection.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        await client.releaseConnection(connection);
      }
    },
  };
}

/** A UUID (version 5 layout) named by the queue and key. */
function keyedId(queue: string, key: string): string {
  const hex = createHash('sha1').update(`${queue}\u0000${key}`).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export class PgBossJobQueue implements JobQueue {
  private readonly db: PgBoss.Db;
  private readonly schema: string;
  private readonly options: PgBossJobQueueOptions;
  private readonly queues = new Map<string, Promise<PgBoss>>();
  private started: Promise<PgBoss> | null = null;

  constructor(db: Knex, options: PgBossJobQueueOptions = {}) {
    this.schema = options.schema ?? 'pgboss';
    if (!/^[a-z_][a-z0-9_]*$/.test(this.schema)) throw new Error(`Not a schema name: ${this.schema}`);
    this.db = knexPool(db);
    this.options = options;
  }

  private newBoss(): PgBoss {
    const options = this.options;
    const boss = new PgBoss({
      db: this.db,
      schema: this.schema,
      // Cron schedules are not used; their monitor would poll for nothing.
      schedule: false,
      supervise: true,
      retryLimit: RETRY_LIMIT,
      retryDelay: options.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: options.expireInSeconds ?? 15 * 60,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
      archiveCompletedAfterSeconds: WEEK_SECONDS,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    });
    boss.on('error', (error: Error) => options.onError?.(error));
    return boss;
  }

  /**
   * Creates pg-boss's tables when missing (on every start). Servers starting
   * together on a new database can race to create them; the loser tries again
   * with a fresh pg-boss (one whose start failed stays half started).
   */
  start(): Promise<PgBoss> {
    this.started ??= (async () => {
      for (let attempt = 1; ; attempt += 1) {
        const boss = this.newBoss();
        try {
          await boss.start();
          return boss;
        } catch (error) {
          if (attempt >= START_ATTEMPTS) {
            this.started = null;
            throw error;
          }
          await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
        }
      }
    })();
    return this.started;
  }

  /** Stops fetching; waits up to `timeoutMs` for jobs running here to finish (the rest run again elsewhere after they expire). */
  async stop(timeoutMs = 10_000): Promise<void> {
    const boss = await this.started?.catch(() => null);
    await boss?.stop({ graceful: true, wait: true, timeout: timeoutMs });
  }

  private queue(name: string): Promise<PgBoss> {
    let ready = this.queues.get(name);
    if (!ready) {
      ready = this.start().then(async (boss) => {
        // Two servers making the same new queue at once can deadlock or collide (it is a table of
        // its own): the loser finds it made, or tries again.
        for (let attempt = 1; !(await boss.getQueue(name)); attempt += 1) {
          try {
            await boss.createQueue(name);
          } catch (error) {
            if (attempt >= START_ATTEMPTS) throw error;
            await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
          }
        }
        return boss;
      });
      this.queues.set(name, ready);
      // A failure (the database away) is tried again by the next caller.
      ready.catch(() => this.queues.delete(name));
    }
    return ready;
  }

  async send<Data extends object>(queue: string, data: Data, options: JobOptions = {}): Promise<string | null> {
    const boss = await this.queue(queue);
    return boss.send(queue, data, {
      ...(options.key !== undefined ? { id: keyedId(queue, options.key) } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
    });
  }

  async work<Data extends object>(queue: string, handler: (job: QueuedJob<Data>) => Promise<void>): Promise<void> {
    const boss = await this.queue(queue);
    // A batch per fetch, JOBS_AT_ONCE of its jobs side by side: pg-boss's worker waits out its polling
    // interval after each fetch, so one job per fetch would run at most one job per interval.
    await boss.work<Data>(queue, { batchSize: BATCH_SIZE }, async (jobs) => {
      await eachAtMost(jobs, JOBS_AT_ONCE, async (job) => {
        try {
          await handler({ id: job.id, data: job.data });
        } catch (error) {
          // This job alone runs again; after the batch pg-boss completes only the jobs still active.
          await boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) });
        }
      });
    });
  }

  async stats(queue: string): Promise<JobQueueStats> {
    await this.queue(queue);
    // pg-boss's job states are an enum in this order: created, retry, active, completed, cancelled, failed.
    const { rows } = await this.db.executeSql(
      `select count(*)::int as queued, (count(*) filter (where start_after <= now()))::int as due,
              (extract(epoch from now() - min(start_after) filter (where start_after <= now())) * 1000)::float8 as oldest
       from ${this.schema}.job where name = $1 and state < 'active'`,
      [queue],
    );
    const [{ queued, due, oldest }] = rows as { queued: number; due: number; oldest: number | null }[];
    return { queued, due, oldestDueAgeMs: oldest === null ? null : Math.max(0, Math.round(oldest)) };
  }
}
