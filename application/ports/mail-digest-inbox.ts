// What a student is to be told by mail (issue 26): notifications for the mail
// channel are not sent one by one but kept for the student's next digest, at
// most one every `digestMinutes` (30 by default), outside their quiet hours,
// and only to a verified address. The notifications put entries in; the
// digest job takes them out (application/notifications/mail-digests.ts).
import type { StudyGroupId, UserId } from '@domain/ids';
import type { NotificationKind } from '@domain/notifications/notification-preferences';

/** A message quoted in a digest (room news): plain text, escaped by the mail. */
export interface DigestQuote {
  author: string;
  text: string;
}

export interface DigestEntry {
  /** Unique per student: an entry added again (a retried job, a second server) is kept once. */
  key: string;
  kind: NotificationKind;
  /** The group it happened in, if any: a mute set after it was added still holds it back. */
  groupId?: StudyGroupId;
  /** What it is about: the group's name or the course's code. */
  title: string;
  /** One line: "3 new messages in Exam 1 Crammers, 1 mentions you", "Alex asks to join Exam 1 Crammers". */
  summary: string;
  /** The messages themselves, newest last (room news only; empty otherwise). */
  quotes: DigestQuote[];
  /** A path inside the app the mail links to ("/study-group/34"). */
  url: string;
  at: Date;
}

export interface MailDigestInbox {
  /** Keeps the entry for the student's next digest and makes sure that digest is planned. */
  add(userId: UserId, entry: DigestEntry): Promise<void>;
}
