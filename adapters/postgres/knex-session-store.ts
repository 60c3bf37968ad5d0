// Sessions in the database, for the embedded mode (no Redis).
import type { Knex } from 'knex';
import type { SessionData, SessionStore } from '../../application/ports/session-store';

export class KnexSessionStore implements SessionStore {
  private lastSweep = 0;

  constructor(private readonly db: Knex) {}

  async get(sid: string): Promise<SessionData | null> {
    const row = await this.db('sessions')
      .select('data')
      .where('sid', sid)
      .andWhere('expires_at', '>', this.db.fn.now())
      .first();
    if (!row) return null;
    return typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
  }

  async set(sid: string, data: SessionData, ttlMs: number): Promise<void> {
    await this.db('sessions')
      .insert({ sid, data: JSON.stringify(data), expires_at: new Date(Date.now() + ttlMs) })
      .onConflict('sid')
      .merge();
    await this.sweepExpired();
  }

  async destroy(sid: string): Promise<void> {
    await this.db('sessions').where('sid', sid).delete();
  }

  // Expired rows are unreachable already; delete them at most once a minute.
  private async sweepExpired(): Promise<void> {
    if (Date.now() - this.lastSweep < 60_000) return;
    this.lastSweep = Date.now();
    await this.db('sessions').where('expires_at', '<=', this.db.fn.now()).delete();
  }
}
