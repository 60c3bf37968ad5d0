import type { Clock } from '@application/ports/clock';
import { sessionOwner, type SessionData, type SessionStore } from '@application/ports/session-store';
import { DESTROYED_SESSION_KEPT_MS } from '@adapters/session/destroyed-sessions';

interface Entry {
  /** null: destroyed (a marker no write replaces until it expires). */
  json: string | null;
  owner: number | null;
  expiresAt: number;
}

export class InMemorySessionStore implements SessionStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: Clock = () => Date.now()) {}

  async get(sid: string): Promise<SessionData | null> {
    const entry = this.live(sid);
    // Stored as JSON so callers never share mutable objects with the store.
    return entry?.json ? (JSON.parse(entry.json) as SessionData) : null;
  }

  async set(sid: string, data: SessionData, ttlMs: number): Promise<void> {
    if (this.live(sid)?.json === null) return;
    this.entries.set(sid, { json: JSON.stringify(data), owner: sessionOwner(data), expiresAt: this.now() + ttlMs });
  }

  async destroy(sid: string): Promise<void> {
    if (this.live(sid)?.json) this.entries.set(sid, { json: null, owner: null, expiresAt: this.now() + DESTROYED_SESSION_KEPT_MS });
  }

  async destroyAllOf(userId: number): Promise<string[]> {
    const sids = [...this.entries].filter(([sid, entry]) => entry.owner === userId && this.live(sid)).map(([sid]) => sid);
    for (const sid of sids) await this.destroy(sid);
    return sids;
  }

  private live(sid: string): Entry | undefined {
    const entry = this.entries.get(sid);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(sid);
      return undefined;
    }
    return entry;
  }
}
