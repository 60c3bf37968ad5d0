// Counters in the database when there is no Redis: rate-limiter-flexible's
// RateLimiterPostgres on the table rate_limit_points (created by a migration).
// Each consumption is one INSERT ... ON CONFLICT DO UPDATE, atomic on Postgres
// (so servers sharing DATABASE_URL share exact counters) and on PGlite (one
// connection). The library talks to a pg Pool (`query({ text, values })`); the
// shim below gives it one that runs through Knex, so the same adapter works on
// pg and on PGlite, whose own query signature differs.
import type { Knex } from 'knex';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { FlexibleRateLimiter, type LimiterOptions } from '@adapters/rate-limit/flexible-rate-limiter';

const RATE_LIMIT_TABLE = 'rate_limit_points';

export class KnexRateLimiter extends FlexibleRateLimiter {
  private readonly pool: PoolLike;
  private sweeping = false;

  constructor(db: Knex) {
    super();
    this.pool = poolOver(db);
  }

  protected createLimiter(options: LimiterOptions) {
    // One limiter per process sweeps rows expired for an hour (every 5 minutes);
    // expired rows are ignored by every query before that anyway.
    const clearExpiredByTimeout = !this.sweeping;
    this.sweeping = true;
    return new RateLimiterPostgres({
      ...options,
      storeClient: this.pool,
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      clearExpiredByTimeout,
    });
  }
}

interface PoolLike {
  query(query: { text: string; values?: unknown[] }): Promise<{ rows: unknown[]; rowCount: number }>;
}

function poolOver(db: Knex): PoolLike {
  return {
    async query({ text, values = [] }) {
      // $n placeholders become Knex's positional ones, in order of appearance.
      const bindings: unknown[] = [];
      const sql = text.replace(/\$(\d+)/g, (_, n: string) => {
        bindings.push(values[Number(n) - 1]);
        return '?';
      });
      const result = (await db.raw(sql, bindings as Knex.RawBinding[])) as { rows?: unknown[]; rowCount?: number | null };
      const rows = result.rows ?? [];
      // knex-pglite reports rowCount 0 for a SELECT; the library reads it as "no row".
      return { rows, rowCount: Math.max(rows.length, result.rowCount ?? 0) };
    },
  };
}
