// Mail digests by the clock the test moves: entries within the interval make
// one mail, the next waits digestMinutes, quiet hours hold it, an unverified
// address or mail turned off gets none, a failed send is retried with the
// same entries and Message-ID id, and room news reaches the digest.
import { describe, expect, it } from 'vitest';
import type { JobOptions, JobQueue } from '@application/ports/job-queue';
import type { DigestEntry } from '@application/ports/mail-digest-inbox';
import type { DigestMail, DigestMailer } from '@application/ports/mailer';
import { MAIL_DIGEST_QUEUE, MailDigests, SendDigest, type MailDigestJob } from '@application/notifications/mail-digests';
import { UserId } from '@domain/ids';
import { defaultPreferences, withoutMail } from '@domain/notifications/notification-preferences';
import type { User } from '@domain/user/user';
import { InMemoryDigestStore } from '@tests/fakes/in-memory-digest-store';
import { InMemoryNotificationPreferences } from '@tests/fakes/in-memory-notification-preferences';

const [ANA, BEN] = [UserId(1), UserId(2)];
const MINUTE = 60_000;

class QueuedJobs implements JobQueue {
  readonly jobs: { data: MailDigestJob; key: string; startAfter: number; done: boolean }[] = [];
  async send<Data extends object>(queue: string, data: Data, options?: JobOptions): Promise<string | null> {
    expect(queue).toBe(MAIL_DIGEST_QUEUE);
    if (this.jobs.some((job) => job.key === options!.key)) return null;
    this.jobs.push({ data: data as unknown as MailDigestJob, key: options!.key!, startAfter: options!.startAfter!.getTime(), done: false });
    return options!.key!;
  }
  async work(): Promise<void> {}
  async stats() {
    return { queued: 0, due: 0, oldestDueAgeMs: null };
  }
}

class RecordingMailer implements DigestMailer {
  readonly sent: DigestMail[] = [];
  readonly tried: DigestMail[] = [];
  failNext = 0;
  async sendDigest(mail: DigestMail): Promise<void> {
    this.tried.push(mail);
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('421 try again later');
    }
    this.sent.push(mail);
  }
}

function world(startAt: string) {
  let now = Date.parse(startAt);
  const clock = () => now;
  const store = new InMemoryDigestStore();
  const preferences = new InMemoryNotificationPreferences();
  const jobs = new QueuedJobs();
  const mailer = new RecordingMailer();
  const users = new Map<UserId, User>();
  for (const [id, verified] of [
    [ANA, true],
    [BEN, false],
  ] as const) {
    users.set(id, {
      id,
      firstName: 'A',
      lastName: 'G',
      username: `u${id}`,
      email: `u${id}@ufl.edu`,
      major: '',
      year: '',
      bio: '',
      emailVerified: verified,
    } as User);
  }
  const readUsers = { findById: async (id: UserId) => users.get(id) ?? null };
  const inbox = new MailDigests(store, preferences, jobs, clock, readUsers);
  const links = { publicUrl: 'https://swamp.example.edu', unsubscribe: { tokenFor: (id: UserId) => `${id}.sig`, studentOf: () => null } };
  const send = new SendDigest(store, readUsers, preferences, mailer, links, jobs, clock);
  let n = 0;
  const entry = (extra: Partial<DigestEntry> = {}): DigestEntry => ({
    key: `invite:${(n += 1)}`,
    kind: 'invite',
    title: 'Exam 1 Crammers',
    summary: `You are invited (${n})`,
    quotes: [],
    url: '/study-group/34',
    at: new Date(now),
    ...extra,
  });
  /** Runs every job whose time has come, as the worker would (a job that throws stays to run again). */
  const runDue = async () => {
    const outcomes: string[] = [];
    for (
      let job = jobs.jobs.find((j) => !j.done && j.startAfter <= now);
      job;
      job = jobs.jobs.find((j) => !j.done && j.startAfter <= now)
    ) {
      outcomes.push(await send.execute(job.data));
      job.done = true;
    }
    return outcomes;
  };
  return {
    store,
    preferences,
    jobs,
    mailer,
    inbox,
    send,
    entry,
    runDue,
    at: () => now,
    advance: (ms: number) => (now += ms),
    setNow: (iso: string) => (now = Date.parse(iso)),
    pending: () => jobs.jobs.filter((j) => !j.done).map((j) => new Date(j.startAfter).toISOString()),
  };
}

describe('mail digests', () => {
  it('entries added within the interval go in one mail, with links; the next digest waits 30 minutes', async () => {
    const w = world('2026-10-14T15:00:10Z');
    await w.inbox.add(ANA, w.entry());
    w.advance(5_000);
    await w.inbox.add(ANA, w.entry({ key: 'group:34:1-0', kind: 'group-message', quotes: [{ author: 'ben', text: 'hi' }] }));
    expect(w.pending()).toEqual(['2026-10-14T15:00:20.000Z']);
    w.setNow('2026-10-14T15:00:20Z');
    expect(await w.runDue()).toEqual(['sent']);
    expect(w.mailer.sent).toHaveLength(1);
    expect(w.mailer.sent[0]).toMatchObject({
      to: { email: 'u1@ufl.edu' },
      id: `${ANA}\ninvite:1\ngroup:34:1-0`,
      preferencesLink: 'https://swamp.example.edu/profile',
      unsubscribeLink: `https://swamp.example.edu/api/unsubscribe/${ANA}.sig/`,
    });
    expect(w.mailer.sent[0].items.map((item) => [item.summary, item.link, item.quotes])).toEqual([
      ['You are invited (1)', 'https://swamp.example.edu/study-group/34', []],
      ['You are invited (2)', 'https://swamp.example.edu/study-group/34', [{ author: 'ben', text: 'hi' }]],
    ]);
    // Five minutes on, a new entry waits for 30 minutes after the last digest.
    w.advance(5 * MINUTE);
    await w.inbox.add(ANA, w.entry());
    expect(w.pending()).toEqual(['2026-10-14T15:30:30.000Z']);
    w.setNow('2026-10-14T15:30:29Z');
    expect(await w.runDue()).toEqual([]);
    w.setNow('2026-10-14T15:30:30Z');
    expect(await w.runDue()).toEqual(['sent']);
    expect(w.mailer.sent.map((mail) => mail.items.length)).toEqual([2, 1]);
    expect(w.store.waiting(ANA)).toEqual([]);
  });

  it('a job that comes too soon (added while the last one was sent) is planned again for then', async () => {
    const w = world('2026-10-14T15:00:00Z');
    await w.inbox.add(ANA, w.entry());
    w.setNow('2026-10-14T15:01:00Z');
    await w.runDue();
    // Another server's job, planned before the send was recorded.
    await w.jobs.send(MAIL_DIGEST_QUEUE, { userId: ANA }, { key: 'early', startAfter: new Date(w.at()) });
    await w.store.add(ANA, w.entry());
    expect(await w.runDue()).toEqual(['deferred']);
    expect(w.pending()).toEqual(['2026-10-14T15:31:10.000Z']);
  });

  it('holds the digest through quiet hours, on the campus clock', async () => {
    // 23:30 in Gainesville (EDT).
    const w = world('2026-10-15T03:30:00Z');
    await w.preferences.save(ANA, { ...defaultPreferences(), quietHours: { start: '22:00', end: '07:00' } });
    await w.inbox.add(ANA, w.entry());
    expect(w.pending()).toEqual(['2026-10-15T11:00:10.000Z']);
    w.setNow('2026-10-15T11:00:05Z');
    expect(await w.runDue()).toEqual([]);
    expect(w.mailer.sent).toEqual([]);
    w.setNow('2026-10-15T11:00:10Z');
    expect(await w.runDue()).toEqual(['sent']);
  });

  it('keeps nothing for an unverified address; what waited when it was unverified is dropped, never sent', async () => {
    const w = world('2026-10-14T15:00:00Z');
    await w.inbox.add(BEN, w.entry());
    expect(w.store.waiting(BEN)).toEqual([]);
    expect(w.pending()).toEqual([]);
    // An entry kept anyway (added before its address lost its proof): the digest drops it.
    await w.store.add(BEN, w.entry());
    await w.jobs.send('mail-digest', { userId: BEN }, { startAfter: new Date(w.at()) });
    w.advance(MINUTE);
    expect(await w.runDue()).toEqual(['dropped']);
    expect(w.mailer.tried).toEqual([]);
    expect(w.store.waiting(BEN)).toEqual([]);
  });

  it('sends nothing for what the student turned off by mail since (unsubscribed, or the group muted)', async () => {
    const w = world('2026-10-14T15:00:00Z');
    await w.inbox.add(ANA, w.entry());
    await w.inbox.add(ANA, w.entry({ kind: 'meeting', groupId: 34 as never }));
    await w.preferences.save(ANA, { ...defaultPreferences(), mutedGroups: [34] } as never);
    w.advance(MINUTE);
    expect(await w.runDue()).toEqual(['sent']);
    expect(w.mailer.sent[0].items.map((item) => item.summary)).toEqual(['You are invited (1)']);
    await w.preferences.save(ANA, withoutMail(defaultPreferences()));
    await w.inbox.add(ANA, w.entry());
    w.advance(40 * MINUTE);
    expect(await w.runDue()).toEqual(['nothing']);
    expect(w.mailer.tried).toHaveLength(1);
    expect(w.store.waiting(ANA)).toEqual([]);
  });

  it('a failed send keeps the entries and is retried with the same digest id, even with news since; the news goes next', async () => {
    const w = world('2026-10-14T15:00:00Z');
    await w.inbox.add(ANA, w.entry());
    w.advance(MINUTE);
    w.mailer.failNext = 1;
    const job = w.jobs.jobs[0];
    await expect(w.send.execute(job.data)).rejects.toThrow('421');
    expect(w.store.waiting(ANA)).toEqual(['invite:1']);
    await w.inbox.add(ANA, w.entry());
    // pg-boss runs the job again.
    w.advance(30_000);
    expect(await w.send.execute(job.data)).toBe('sent');
    expect(w.mailer.tried.map((mail) => mail.id)).toEqual([`${ANA}\ninvite:1`, `${ANA}\ninvite:1`]);
    expect(w.store.waiting(ANA)).toEqual(['invite:2']);
    expect(w.pending().at(-1)).toBe('2026-10-14T15:31:40.000Z');
  });

  it('mails at most 50 entries at once; the rest go in the next digest', async () => {
    const w = world('2026-10-14T15:00:00Z');
    for (let i = 0; i < 53; i += 1) await w.inbox.add(ANA, w.entry());
    w.advance(MINUTE);
    await w.runDue();
    w.advance(31 * MINUTE);
    await w.runDue();
    expect(w.mailer.sent.map((mail) => mail.items.length)).toEqual([50, 3]);
  });
});
