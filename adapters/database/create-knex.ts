// One Knex instance for the process: Postgres through pg when DATABASE_URL is
// set, otherwise PGlite (Postgres compiled to WebAssembly) stored under DATA_DIR.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import knex, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';

/** A new connection that takes longer is a Postgres that does not answer (a refused one fails at once). */
const CONNECT_TIMEOUT_MS = 5_000;
/** Waiting longer for a free pooled connection means the database is saturated: shed the request. */
const ACQUIRE_TIMEOUT_MS = 10_000;

/** What a random page read costs the planner against a sequential one: about the same, on SSDs and in memory. */
const RANDOM_PAGE_COST = 1.1;

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir?: string };

/** Where Knex's own warnings go (connection errors it retries); the console by default. */
export interface KnexLog {
  warn(message: string): void;
  error(message: string): void;
  debug(message: string): void;
}

export function createKnex(target: DatabaseTarget, log?: KnexLog): Knex {
  const logging = log ? { log: { warn: log.warn, error: log.error, debug: log.debug, deprecate: log.warn } } : {};
  if (target.kind === 'postgres') {
    // Fail fast when Postgres is out of reach. A refused connection fails the
    // request at once (knex passes the pool's create error straight on), so a
    // stopped Postgres costs a quick 503; the timeouts bound a Postgres that
    // does not answer at all, and a saturated pool, instead of knex's minute.
    // Not tighter: a loaded database can take a second or two to start a backend.
    return knex({
      client: 'pg',
      connection: { connectionString: target.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
      pool: {
        min: 0,
        max: 10,
        // The catalog search's trigram and listing indexes sit in memory; at Postgres's default
        // random_page_cost (4, for spinning disks) the planner scanned the sections table instead.
        afterCreate: (
          connection: { query(sql: string, done: (error: Error | null) => void): void },
          done: (error: Error | null, connection: unknown) => void,
        ) => connection.query(`set random_page_cost = ${RANDOM_PAGE_COST}`, (error) => done(error, connection)),
      },
      acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
      ...logging,
    });
  }
  // pg_trgm backs the course search indexes, as it does on Postgres.
  const options = { extensions: { pg_trgm } };
  let pglite: PGlite;
  if (target.dataDir) {
    const dir = path.join(target.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    pglite = new PGlite(dir, options);
  } else {
    pglite = new PGlite(options);
  }
  // PGlite is one session, and runs this before any query knex sends.
  void pglite.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  return knex({
    client: ClientPgLite as unknown as typeof knex.Client,
    dialect: 'postgres',
    connection: (() => ({ pglite })) as unknown as Knex.StaticConnectionConfig,
    ...logging,
  });
}
