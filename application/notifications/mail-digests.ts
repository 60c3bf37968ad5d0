// Mail digests (issue 26; docs/decisions/0122-mail-digests.md): what is to be
// told by mail waits as entries, and one `mail-digest` job per student and
// moment mails them together, at most one mail every `digestMinutes` (30 by
// default), never in quiet hours, only to a verified address. The mail goes
// through a mailer that rejects when the SMTP server did not take it, so the
// job runs again; a digest claims its entries before it is sent, so a retry
// (after a failure or a dead process) sends the same entries under the same
// Message-ID.
import type { UserId } from '@domain/ids';
import { nextDigestAt, wants } from '@domain/notifications/notification-preferences';
import type { Clock } from '@application/ports/clock';
import type { DigestStore } from '@application/ports/digest-store';
import { DIGEST_CLAIM_MS } from '@application/ports/digest-store';
import type { JobQueue } from '@application/ports/job-queue';
import type { DigestEntry, MailDigestInbox } from '@application/ports/mail-digest-inbox';
import type { DigestMailer } from '@application/ports/mailer';
import type { NotificationPreferencesStore } from '@application/ports/notification-preferences-store';
import { NO_TELEMETRY, type Telemetry } from '@application/ports/telemetry';
import type { UnsubscribeLinks } from '@application/ports/unsubscribe-links';
import type { UserRepository } from '@application/ports/user-repository';

export const MAIL_DIGEST_QUEUE = 'mail-digest';

/** The job's data: whose digest. */
export interface MailDigestJob {
  userId: UserId;
}

/** Entries in one mail at most; the rest go in the next digest. */
const DIGEST_ENTRY_CAP = 50;
/** Digest jobs start on these slices of the clock. */
const SLOT_MS = 10_000;

/**
 * Plans the student's digest for the end of the slot holding `at`: every add
 * in that slot makes the one job (its key), and a job is never planned for the
 * moment of one running now, whose key would swallow it.
 */
async function planDigest(jobs: JobQueue, userId: UserId, at: Date): Promise<void> {
  const start = (Math.floor(at.getTime() / SLOT_MS) + 1) * SLOT_MS;
  const job: MailDigestJob = { userId };
  await jobs.send(MAIL_DIGEST_QUEUE, job, { key: `digest:${userId}:${start}`, startAfter: new Date(start) });
}

/** What the notifications add to: keeps the entry and plans the student's next digest. */
export class MailDigests implements MailDigestInbox {
  constructor(
    private readonly store: DigestStore,
    private readonly preferences: NotificationPreferencesStore,
    private readonly jobs: JobQueue,
    private readonly now: Clock,
    private readonly users: Pick<UserRepository, 'findById'>,
  ) {}

  async add(userId: UserId, entry: DigestEntry): Promise<void> {
    // An unverified address is mailed nothing: nothing is kept for it (the digest would only drop it).
    if (!(await this.users.findById(userId))?.emailVerified) return;
    // Kept before the job is planned: a failure between the two fails the caller's job, whose retry plans it.
    await this.store.add(userId, entry);
    const now = new Date(this.now());
    const prefs = await this.preferences.get(userId);
    await planDigest(this.jobs, userId, nextDigestAt(prefs, await this.store.lastSentAt(userId), now));
  }
}

export type DigestOutcome =
  /** A mail went. */
  | 'sent'
  /** Nothing to send (nothing waits, or nothing wanted by mail any more). */
  | 'nothing'
  /** Deleted account or unverified address: the entries are dropped. */
  | 'dropped'
  /** Too soon after the last digest, or quiet hours: planned again for then. */
  | 'deferred'
  /** Another run is sending this student's digest now: planned again for after it. */
  | 'busy';

/** Where a digest's links lead. */
export interface DigestLinks {
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  unsubscribe: UnsubscribeLinks;
}

/** Runs a `mail-digest` job (the worker's handler). */
export class SendDigest {
  constructor(
    private readonly store: DigestStore,
    private readonly users: Pick<UserRepository, 'findById'>,
    private readonly preferences: NotificationPreferencesStore,
    private readonly mailer: DigestMailer,
    private readonly links: DigestLinks,
    private readonly jobs: JobQueue,
    private readonly now: Clock,
    private readonly telemetry: Telemetry = NO_TELEMETRY,
  ) {}

  async execute({ userId }: MailDigestJob): Promise<DigestOutcome> {
    const now = new Date(this.now());
    const user = await this.users.findById(userId);
    // Only a verified address gets notification mail: whoever signed up with an address may not own the mailbox.
    if (!user || !user.emailVerified) {
      await this.store.drop(userId, now);
      return 'dropped';
    }
    const prefs = await this.preferences.get(userId);
    const due = nextDigestAt(prefs, await this.store.lastSentAt(userId), now);
    if (due > now) {
      await planDigest(this.jobs, userId, due);
      this.telemetry.record({ kind: 'notification', channel: 'mail', outcome: 'deferred' });
      return 'deferred';
    }
    const claimed = await this.store.claim(userId, DIGEST_ENTRY_CAP, now);
    if (claimed === 'busy') {
      await planDigest(this.jobs, userId, new Date(now.getTime() + DIGEST_CLAIM_MS));
      return 'busy';
    }
    // Choices changed since the entries were added (mail turned off, a group muted) hold them back.
    const wanted = claimed.filter((entry) => wants(prefs, { kind: entry.kind, groupId: entry.groupId }, 'mail'));
    const unwanted = claimed.filter((entry) => !wanted.includes(entry)).map((entry) => entry.key);
    if (unwanted.length) await this.store.drop(userId, now, unwanted);
    if (wanted.length === 0) {
      if (await this.store.hasWaiting(userId)) await planDigest(this.jobs, userId, now);
      return 'nothing';
    }
    const keys = wanted.map((entry) => entry.key);
    try {
      await this.mailer.sendDigest({
        to: { email: user.email },
        // The student and the entries: a retry of this digest is the same message (Message-ID).
        id: [userId, ...keys].join('\n'),
        items: wanted.map((entry) => ({
          title: entry.title,
          summary: entry.summary,
          quotes: entry.quotes,
          link: `${this.links.publicUrl}${entry.url}`,
        })),
        preferencesLink: `${this.links.publicUrl}/profile`,
        unsubscribeLink: `${this.links.publicUrl}/api/unsubscribe/${this.links.unsubscribe.tokenFor(userId)}/`,
      });
    } catch (error) {
      // The same entries go on the retry, at once (pg-boss runs the job again with backoff).
      await this.store.release(userId);
      this.telemetry.record({ kind: 'notification', channel: 'mail', outcome: 'failed' });
      throw error;
    }
    await this.store.sent(userId, keys, now);
    this.telemetry.record({ kind: 'notification', channel: 'mail', outcome: 'sent' });
    // Left by the cap, or added while this one was sent: the next digest, digestMinutes on.
    if (await this.store.hasWaiting(userId)) await planDigest(this.jobs, userId, nextDigestAt(prefs, now, now));
    return 'sent';
  }
}
