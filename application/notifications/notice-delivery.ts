// One notification to some students, on each channel as each one's choices
// say (issue 26): a push to their devices now, unless their quiet hours hold
// it (the caller queues it again for when they end), and an entry for their
// next mail digest. Sending again is safe: each device takes a push key once
// (push_deliveries) and a digest keeps an entry key once, so a job retried
// after a failure or a dead process tells nobody twice.
import type { UserId } from '@domain/ids';
import type { EventNotice } from '@domain/notifications/student-event';
import { quietUntil, wants } from '@domain/notifications/notification-preferences';
import type { Clock } from '@application/ports/clock';
import type { MailDigestInbox } from '@application/ports/mail-digest-inbox';
import type { NotificationPreferencesStore } from '@application/ports/notification-preferences-store';
import type { PushSender } from '@application/ports/push-sender';
import { NO_TELEMETRY, type Telemetry } from '@application/ports/telemetry';

export interface NoticeOutcome {
  /** Students whose devices took the push. */
  pushed: number;
  /** Students given a digest entry. */
  mailed: number;
  /** Per end of quiet hours (ms), the students whose push waits for it. */
  deferred: Map<number, UserId[]>;
  /** Students one of whose devices could not be reached (the caller runs the job again). */
  failed: number;
}

export class DevicesUnreachableError extends Error {
  constructor(readonly students: number) {
    super(`${students} student(s)' devices could not be reached; the job runs again`);
  }
}

export class NoticeDelivery {
  constructor(
    private readonly preferences: NotificationPreferencesStore,
    private readonly push: PushSender,
    private readonly digests: MailDigestInbox,
    private readonly now: Clock,
    private readonly telemetry: Telemetry = NO_TELEMETRY,
  ) {}

  /** Tells `to` of the notice; `key` names it once for all channels and retries. */
  async deliver(to: readonly UserId[], notice: EventNotice, key: string): Promise<NoticeOutcome> {
    const outcome: NoticeOutcome = { pushed: 0, mailed: 0, deferred: new Map(), failed: 0 };
    if (to.length === 0) return outcome;
    const now = new Date(this.now());
    const prefsOf = await this.preferences.getMany(to);
    for (const userId of to) {
      const prefs = prefsOf.get(userId);
      if (!prefs) continue;
      const about = { kind: notice.kind, groupId: notice.groupId };
      if (wants(prefs, about, 'mail')) {
        await this.digests.add(userId, {
          key,
          kind: notice.kind,
          ...(notice.groupId !== undefined ? { groupId: notice.groupId } : {}),
          title: notice.title,
          summary: notice.body,
          quotes: [],
          url: notice.url,
          at: now,
        });
        outcome.mailed += 1;
      }
      if (!wants(prefs, about, 'push')) continue;
      const quietEnd = quietUntil(prefs, now);
      if (quietEnd) {
        outcome.deferred.set(quietEnd.getTime(), [...(outcome.deferred.get(quietEnd.getTime()) ?? []), userId]);
        this.telemetry.record({ kind: 'notification', channel: 'push', outcome: 'deferred' });
        continue;
      }
      const sent = await this.push.send(userId, { title: notice.title, body: notice.body, url: notice.url, tag: key }, key);
      if (sent.failed > 0) {
        outcome.failed += 1;
        this.telemetry.record({ kind: 'notification', channel: 'push', outcome: 'failed' });
      } else if (sent.sent > 0) {
        outcome.pushed += 1;
        this.telemetry.record({ kind: 'notification', channel: 'push', outcome: 'sent' });
      }
    }
    return outcome;
  }
}
