// Mail digest entries and each student's last digest, in
// notification_digest_entries and notification_digests (Postgres and PGlite).
// A claim is taken under row locks in one transaction, so two runs for one
// student (two servers) never take the same entries at once.
import type { Knex } from 'knex';
import { DIGEST_CLAIM_MS, type DigestStore } from '@application/ports/digest-store';
import type { DigestEntry, DigestQuote } from '@application/ports/mail-digest-inbox';
import { StudyGroupId, type UserId } from '@domain/ids';
import type { NotificationKind } from '@domain/notifications/notification-preferences';

const ENTRIES = 'notification_digest_entries';
/** Settled entries are kept this long, so the same event added again by a late retry is still known. */
const SETTLED_KEPT_MS = 7 * 24 * 3600_000;

interface EntryRow {
  key: string;
  kind: string;
  group_id: number | null;
  title: string;
  summary: string;
  quotes: DigestQuote[] | string;
  url: string;
  at: Date | string;
  claimed_at: Date | string | null;
}

function entryOf(row: EntryRow): DigestEntry {
  return {
    key: row.key,
    kind: row.kind as NotificationKind,
    ...(row.group_id !== null ? { groupId: StudyGroupId(row.group_id) } : {}),
    title: row.title,
    summary: row.summary,
    quotes: typeof row.quotes === 'string' ? (JSON.parse(row.quotes) as DigestQuote[]) : row.quotes,
    url: row.url,
    at: new Date(row.at),
  };
}

const OLDEST_FIRST = [{ column: 'at' }, { column: 'key' }];

export class KnexDigestStore implements DigestStore {
  constructor(private readonly db: Knex) {}

  async add(userId: UserId, entry: DigestEntry): Promise<void> {
    await this.db(ENTRIES)
      .insert({
        user_id: userId,
        key: entry.key,
        kind: entry.kind,
        group_id: entry.groupId ?? null,
        title: entry.title,
        summary: entry.summary,
        quotes: JSON.stringify(entry.quotes),
        url: entry.url,
        at: entry.at,
      })
      .onConflict(['user_id', 'key'])
      .ignore();
  }

  claim(userId: UserId, limit: number, now: Date): Promise<DigestEntry[] | 'busy'> {
    return this.db.transaction(async (trx) => {
      const unsettled = () => trx(ENTRIES).where({ user_id: userId }).whereNull('settled_at');
      const claimed: EntryRow[] = await unsettled().whereNotNull('claimed_at').orderBy(OLDEST_FIRST).forUpdate();
      if (claimed.some((row) => new Date(row.claimed_at!).getTime() > now.getTime() - DIGEST_CLAIM_MS)) return 'busy';
      const rows: EntryRow[] = claimed.length
        ? claimed
        : await unsettled().whereNull('claimed_at').orderBy(OLDEST_FIRST).limit(limit).forUpdate();
      if (rows.length === 0) return [];
      await unsettled()
        .whereIn(
          'key',
          rows.map((row) => row.key),
        )
        .update({ claimed_at: now });
      return rows.map(entryOf);
    });
  }

  async release(userId: UserId): Promise<void> {
    // The claim stays (the same entries go next) but is old enough for the next run to take at once.
    await this.db(ENTRIES)
      .where({ user_id: userId })
      .whereNull('settled_at')
      .whereNotNull('claimed_at')
      .update({ claimed_at: new Date(0) });
  }

  async hasWaiting(userId: UserId): Promise<boolean> {
    return Boolean(await this.db(ENTRIES).where({ user_id: userId }).whereNull('settled_at').whereNull('claimed_at').first('key'));
  }

  async drop(userId: UserId, at: Date, keys?: readonly string[]): Promise<void> {
    const rows = this.db(ENTRIES).where({ user_id: userId }).whereNull('settled_at');
    await (keys ? rows.whereIn('key', [...keys]) : rows).update({ settled_at: at });
    await this.prune(userId, at);
  }

  async sent(userId: UserId, keys: readonly string[], at: Date): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx(ENTRIES)
        .where({ user_id: userId })
        .whereIn('key', [...keys])
        .whereNull('settled_at')
        .update({ settled_at: at });
      await trx('notification_digests').insert({ user_id: userId, last_sent_at: at }).onConflict('user_id').merge();
    });
    await this.prune(userId, at);
  }

  async lastSentAt(userId: UserId): Promise<Date | null> {
    const row = await this.db('notification_digests')
      .where({ user_id: userId })
      .first<{ last_sent_at: Date | string } | undefined>('last_sent_at');
    return row ? new Date(row.last_sent_at) : null;
  }

  private async prune(userId: UserId, at: Date): Promise<void> {
    await this.db(ENTRIES)
      .where({ user_id: userId })
      .where('settled_at', '<', new Date(at.getTime() - SETTLED_KEPT_MS))
      .delete();
  }
}
