// Sessions in the database, for the embedded mode (no Redis).
import type { Knex } from 'knex';
import type { Clock } from '../../application/ports/clock';
import type { SessionData, SessionStore } from '../../application/ports/session-store';

export class KnexSessionStore implements SessionStore {
  private lastSweep = 0;

  // Expiry is written and read on the app's clock (not the database's now()), so both sides of the comparison agree.
  constructor(
    private readonly db: Knex,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async get(sid: string): Promise<SessionData | null> {
    const row = await this.db('sessions')
      .select('data')
      .where('sid', sid)
      .andWhere('expires_at', '>', new Date(this.now()))
      .first();
    if (!row) return null;
    return typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
  }

  async set(sid: string, data: SessionData, ttlMs: number): Promise<void> {
    await this.db('sessions')
      .insert({ sid, data: JSON.stringify(data), expires_at: new Date(this.now() + ttlMs) })
      .onConflict('sid')
      .merge();
    await this.sweepExpired();
  }

  async destroy(sid: string): Promise<void> {
    await this.db('sessions').where('sid', sid).delete();
  }

  // Expired rows are unreachable already; delete them at most once a minute.
  private async sweepExpired(): Promise<void> {
    const now = this.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    await this.db('sessions').where('expires_at', '<=', new Date(now)).delete();
  }
}
