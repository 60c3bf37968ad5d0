// Sessions in the database, for the embedded mode (no Redis). Each row says
// whose session it is (user_id), so a student's sessions can all be ended; a
// destroyed one stays a while as a marker that no later write overwrites.
import type { Knex } from 'knex';
import type { Clock } from '@application/ports/clock';
import { sessionOwner, type SessionData, type SessionStore } from '@application/ports/session-store';
import type { UserId } from '@domain/ids';
import { DESTROYED_SESSION_KEPT_MS } from '@adapters/session/destroyed-sessions';

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
      .where({ sid, destroyed: false })
      .andWhere('expires_at', '>', new Date(this.now()))
      .first();
    if (!row) return null;
    return typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
  }

  async set(sid: string, data: SessionData, ttlMs: number): Promise<void> {
    await this.db('sessions')
      .insert({ sid, data: JSON.stringify(data), expires_at: new Date(this.now() + ttlMs), user_id: sessionOwner(data) })
      .onConflict('sid')
      .merge(['data', 'expires_at', 'user_id'])
      .where('sessions.destroyed', false);
    await this.sweepExpired();
  }

  async destroy(sid: string): Promise<void> {
    await this.markDestroyed(this.db('sessions').where({ sid }));
  }

  async destroyAllOf(userId: UserId): Promise<string[]> {
    const live = this.db('sessions').where({ user_id: userId }).andWhere('expires_at', '>', new Date(this.now()));
    const rows: { sid: string }[] = await this.markDestroyed(live).returning('sid');
    return rows.map((row) => row.sid);
  }

  private markDestroyed(rows: Knex.QueryBuilder) {
    return rows
      .where({ destroyed: false })
      .update({ destroyed: true, data: JSON.stringify({}), user_id: null, expires_at: new Date(this.now() + DESTROYED_SESSION_KEPT_MS) });
  }

  // Expired rows (and markers) are unreachable already; delete them at most once a minute.
  private async sweepExpired(): Promise<void> {
    const now = this.now();
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    await this.db('sessions').where('expires_at', '<=', new Date(now)).delete();
  }
}
