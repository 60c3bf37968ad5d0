import type { Clock } from '../../application/ports/clock';
import type { SessionData, SessionStore } from '../../application/ports/session-store';

export class InMemorySessionStore implements SessionStore {
  private readonly entries = new Map<string, { json: string; expiresAt: number }>();

  constructor(private readonly now: Clock = () => Date.now()) {}

  async get(sid: string): Promise<SessionData | null> {
    const entry = this.entries.get(sid);
    if (!entry || entry.expiresAt <= this.now()) {
      this.entries.delete(sid);
      return null;
    }
    return JSON.parse(entry.json) as SessionData;
  }

  async set(sid: string, data: SessionData, ttlMs: number): Promise<void> {
    // Stored as JSON so callers never share mutable objects with the store.
    this.entries.set(sid, { json: JSON.stringify(data), expiresAt: this.now() + ttlMs });
  }

  async destroy(sid: string): Promise<void> {
    this.entries.delete(sid);
  }
}
