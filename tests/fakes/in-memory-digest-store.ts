// Mail digest entries in memory, for unit tests: the same claims and settling
// as the database keeps (tests/contract/digest-store.contract.ts).
import { DIGEST_CLAIM_MS, type DigestStore } from '@application/ports/digest-store';
import type { DigestEntry } from '@application/ports/mail-digest-inbox';
import type { UserId } from '@domain/ids';

interface Kept {
  entry: DigestEntry;
  claimedAt: number | null;
  settledAt: number | null;
}

export class InMemoryDigestStore implements DigestStore {
  private readonly entries = new Map<UserId, Map<string, Kept>>();
  private readonly last = new Map<UserId, Date>();

  private of(userId: UserId): Map<string, Kept> {
    let kept = this.entries.get(userId);
    if (!kept) this.entries.set(userId, (kept = new Map()));
    return kept;
  }

  private unsettled(userId: UserId): Kept[] {
    return [...this.of(userId).values()]
      .filter((k) => k.settledAt === null)
      .sort((a, b) => +a.entry.at - +b.entry.at || (a.entry.key < b.entry.key ? -1 : a.entry.key > b.entry.key ? 1 : 0));
  }

  async add(userId: UserId, entry: DigestEntry): Promise<void> {
    const kept = this.of(userId);
    if (!kept.has(entry.key)) kept.set(entry.key, { entry: structuredClone(entry), claimedAt: null, settledAt: null });
  }

  async claim(userId: UserId, limit: number, now: Date): Promise<DigestEntry[] | 'busy'> {
    const unsettled = this.unsettled(userId);
    const claimed = unsettled.filter((k) => k.claimedAt !== null);
    if (claimed.some((k) => k.claimedAt! > now.getTime() - DIGEST_CLAIM_MS)) return 'busy';
    const taken = claimed.length ? claimed : unsettled.slice(0, limit);
    for (const k of taken) k.claimedAt = now.getTime();
    return taken.map((k) => structuredClone(k.entry));
  }

  async release(userId: UserId): Promise<void> {
    for (const k of this.unsettled(userId)) if (k.claimedAt !== null) k.claimedAt = 0;
  }

  async hasWaiting(userId: UserId): Promise<boolean> {
    return this.unsettled(userId).some((k) => k.claimedAt === null);
  }

  async drop(userId: UserId, at: Date, keys?: readonly string[]): Promise<void> {
    for (const k of this.unsettled(userId)) if (!keys || keys.includes(k.entry.key)) k.settledAt = at.getTime();
  }

  async sent(userId: UserId, keys: readonly string[], at: Date): Promise<void> {
    for (const k of this.unsettled(userId)) if (keys.includes(k.entry.key)) k.settledAt = at.getTime();
    this.last.set(userId, at);
  }

  async lastSentAt(userId: UserId): Promise<Date | null> {
    return this.last.get(userId) ?? null;
  }

  /** The student's row is gone (the database's cascade). */
  forget(userId: UserId): void {
    this.entries.delete(userId);
    this.last.delete(userId);
  }

  /** What waits (claimed or not), for the tests' checks. */
  waiting(userId: UserId): string[] {
    return this.unsettled(userId).map((k) => k.entry.key);
  }
}
