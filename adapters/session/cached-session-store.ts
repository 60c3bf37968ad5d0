// Remembers a session's data for a moment, for read-only requests: a student
// polling once a second then costs no session-store round trip. A change
// (set, destroy, destroyAllOf) forgets it at once here and, through `announce`, on every
// other server; the short time to live bounds the damage of a lost
// announcement, and nothing is answered from memory while announcements
// cannot arrive. Requests that change something (POST) always read the store.
import type { Clock } from '@application/ports/clock';
import type { SessionData, SessionReadOptions, SessionStore } from '@application/ports/session-store';
import type { UserId } from '@domain/ids';

/** Long enough that a once-a-second poll finds the entry its previous poll left. */
const SESSION_CACHE_MS = 2_000;
const MAX_ENTRIES = 100_000;

export interface CachedSessionStoreOptions {
  ttlMs?: number;
  now?: Clock;
  /** Tells the other servers that a session changed (they call forget). */
  announce?: (sid: string) => Promise<void>;
}

interface Read {
  answer: Promise<SessionData | null>;
  /** The session changed while the read ran: its answer must not be kept. */
  stale: boolean;
}

export class CachedSessionStore implements SessionStore {
  private readonly entries = new Map<string, { data: SessionData; until: number }>();
  // The read in flight per session id. Recent reads of the same session join
  // it: a hundred polls arriving as the entry expires cost one store read.
  private readonly reading = new Map<string, Read>();
  private trusted = true;
  private readonly ttlMs: number;
  private readonly now: Clock;

  constructor(
    private readonly inner: SessionStore,
    private readonly options: CachedSessionStoreOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? SESSION_CACHE_MS;
    this.now = options.now ?? (() => Date.now());
  }

  async get(sid: string, options: SessionReadOptions = {}): Promise<SessionData | null> {
    if (options.recent && this.trusted) {
      const entry = this.entries.get(sid);
      if (entry && entry.until > this.now()) return { ...entry.data };
      const inFlight = this.reading.get(sid);
      if (inFlight) return copy(await inFlight.answer);
    }
    const read: Read = { answer: this.inner.get(sid), stale: false };
    this.reading.set(sid, read);
    let data: SessionData | null;
    try {
      data = await read.answer;
    } finally {
      if (this.reading.get(sid) === read) this.reading.delete(sid);
    }
    if (data && !read.stale && this.trusted && this.ttlMs > 0) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(sid, { data: { ...data }, until: this.now() + this.ttlMs });
    }
    return copy(data);
  }

  /**
   * The session's data if it is remembered and fresh, without asking the
   * store (null otherwise): what get(sid, { recent: true }) would answer at
   * once. For the idle poll's fast path, which must not wait; not to be changed.
   */
  peek(sid: string): Readonly<SessionData> | null {
    if (!this.trusted) return null;
    const entry = this.entries.get(sid);
    return entry && entry.until > this.now() ? entry.data : null;
  }

  async set(sid: string, data: SessionData, ttlMs: number): Promise<void> {
    this.forget(sid);
    await this.inner.set(sid, data, ttlMs);
    // After the write: a server that reads again once told reads the new data.
    await this.options.announce?.(sid);
  }

  async destroy(sid: string): Promise<void> {
    this.forget(sid);
    await this.inner.destroy(sid);
    await this.options.announce?.(sid);
  }

  /** Every session of the student ends in the store, then here and (announced) on every other server: a copy of one is refused at once everywhere. */
  async destroyAllOf(userId: UserId): Promise<string[]> {
    const sids = await this.inner.destroyAllOf(userId);
    for (const sid of sids) this.forget(sid);
    await Promise.all(sids.map((sid) => this.options.announce?.(sid)));
    return sids;
  }

  forget(sid: string): void {
    this.entries.delete(sid);
    const read = this.reading.get(sid);
    if (read) read.stale = true;
    this.reading.delete(sid);
  }

  /** Changes may be missed from now on: remember nothing until resume(). */
  suspend(): void {
    this.trusted = false;
    this.forgetAll();
  }

  resume(): void {
    this.forgetAll();
    this.trusted = true;
  }

  private forgetAll(): void {
    this.entries.clear();
    for (const read of this.reading.values()) read.stale = true;
    this.reading.clear();
  }
}

/** Each caller its own object: koa-session keeps and changes what it is given. */
function copy(data: SessionData | null): SessionData | null {
  return data ? { ...data } : null;
}
