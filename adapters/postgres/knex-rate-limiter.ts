// Fixed-window counters in the database, for the embedded mode (no Redis).
import type { Knex } from 'knex';
import type { RateLimiter, WindowCount } from '../../application/ports/rate-limiter';

export class KnexRateLimiter implements RateLimiter {
  constructor(private readonly db: Knex) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    // One statement: a new or expired window restarts at 1, an open one counts up.
    const { rows } = await this.db.raw<{ rows: { count: number; reset_in_ms: string }[] }>(
      `insert into rate_limits (key, count, reset_at)
       values (?, 1, now() + (? * interval '1 millisecond'))
       on conflict (key) do update set
         count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
         reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
       returning count, greatest(0, floor(extract(epoch from (reset_at - now())) * 1000)) as reset_in_ms`,
      [key, windowMs],
    );
    return { count: rows[0].count, resetInMs: Number(rows[0].reset_in_ms) };
  }

  async peek(key: string): Promise<WindowCount> {
    const { rows } = await this.db.raw<{ rows: { count: number; reset_in_ms: string }[] }>(
      `select count, floor(extract(epoch from (reset_at - now())) * 1000) as reset_in_ms
       from rate_limits where key = ? and reset_at > now()`,
      [key],
    );
    return rows[0] ? { count: rows[0].count, resetInMs: Number(rows[0].reset_in_ms) } : { count: 0, resetInMs: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.db('rate_limits').where({ key }).delete();
  }
}
