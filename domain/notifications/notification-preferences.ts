// What reaches a student, and how: the kinds of events that notify, the two
// channels, each student's choices (kind x channel, muted groups, quiet hours
// in campus time, how often a mail digest may go) and the rules that read them.
import type { StudyGroupId } from '@domain/ids';
import { CAMPUS_TIME_ZONE, localDateTime } from '@domain/study-group/meeting-occurrence';

export const NOTIFICATION_KINDS = [
  /** Someone wrote @me in a room I am in. */
  'mention',
  /** Someone answered one of my messages (a hook: chat replies come later). */
  'reply',
  /** A new message in a study group I am in. */
  'group-message',
  /** A new message in a course chat I am in (off by default: too many). */
  'course-message',
  /** A classmate asks to join a group I own. */
  'join-request',
  /** The owner answered my request to join. */
  'request-answer',
  /** I was invited into a group. */
  'invite',
  /** A meeting of one of my groups was scheduled or changed. */
  'meeting',
  /** A meeting I said Going to starts soon. */
  'meeting-reminder',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['push', 'mail'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

type KindChannels = Record<NotificationChannel, boolean>;

/** Quiet hours on the campus clock, "HH:MM" each; start after end spans midnight. */
interface QuietHours {
  start: string;
  end: string;
}

export interface NotificationPreferences {
  kinds: Record<NotificationKind, KindChannels>;
  /** Groups whose messages and meetings notify nobody here (a mention still does). */
  mutedGroups: StudyGroupId[];
  quietHours: QuietHours | null;
  /** The least time between two digest mails. */
  digestMinutes: number;
}

export const DIGEST_MINUTES_CHOICES = [30, 60, 180, 1440] as const;
const DEFAULT_DIGEST_MINUTES = 30;
/** A student may mute at most this many groups (more than anyone can be in). */
export const MAX_MUTED_GROUPS = 500;

const QUIET_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function defaultPreferences(): NotificationPreferences {
  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { push: kind !== 'course-message', mail: kind !== 'course-message' }]),
  ) as Record<NotificationKind, KindChannels>;
  return { kinds, mutedGroups: [], quietHours: null, digestMinutes: DEFAULT_DIGEST_MINUTES };
}

function isQuietTime(value: string): boolean {
  return QUIET_TIME.test(value);
}

/**
 * Preferences as stored or sent, made whole: kinds missing (added after they
 * were saved) take their defaults, unknown ones are dropped, a bad quiet
 * window or digest interval falls back to the default.
 */
export function normalisePreferences(raw: unknown): NotificationPreferences {
  const prefs = defaultPreferences();
  if (typeof raw !== 'object' || raw === null) return prefs;
  const input = raw as Partial<Record<keyof NotificationPreferences, unknown>>;
  const kinds = (typeof input.kinds === 'object' && input.kinds !== null ? input.kinds : {}) as Record<string, unknown>;
  for (const kind of NOTIFICATION_KINDS) {
    const given = kinds[kind] as Partial<Record<NotificationChannel, unknown>> | undefined;
    if (typeof given !== 'object' || given === null) continue;
    for (const channel of NOTIFICATION_CHANNELS) if (typeof given[channel] === 'boolean') prefs.kinds[kind][channel] = given[channel];
  }
  if (Array.isArray(input.mutedGroups)) {
    const ids = input.mutedGroups.filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0);
    prefs.mutedGroups = [...new Set(ids)].sort((a, b) => a - b).slice(0, MAX_MUTED_GROUPS) as StudyGroupId[];
  }
  const quiet = input.quietHours as Partial<QuietHours> | null | undefined;
  if (quiet && typeof quiet.start === 'string' && typeof quiet.end === 'string' && isQuietTime(quiet.start) && isQuietTime(quiet.end)) {
    prefs.quietHours = quiet.start === quiet.end ? null : { start: quiet.start, end: quiet.end };
  }
  if ((DIGEST_MINUTES_CHOICES as readonly unknown[]).includes(input.digestMinutes)) prefs.digestMinutes = input.digestMinutes as number;
  return prefs;
}

/** Every kind's mail off: what one-click unsubscribe leaves (push and the rest as they were). */
export function withoutMail(prefs: NotificationPreferences): NotificationPreferences {
  const kinds = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { ...prefs.kinds[kind], mail: false }])) as Record<
    NotificationKind,
    KindChannels
  >;
  return { ...prefs, kinds };
}

/** What an event is about, as far as the preferences care. */
export interface NotifiedAbout {
  kind: NotificationKind;
  /** The group the event happened in, if any (its mute applies). */
  groupId?: StudyGroupId;
}

/** Whether this student wants this event on this channel (kind on, group not muted; a mention or an answer to me pierces a mute). */
export function wants(prefs: NotificationPreferences, event: NotifiedAbout, channel: NotificationChannel): boolean {
  if (!prefs.kinds[event.kind][channel]) return false;
  const personal = event.kind === 'mention' || event.kind === 'reply' || event.kind === 'request-answer' || event.kind === 'invite';
  if (!personal && event.groupId !== undefined && prefs.mutedGroups.includes(event.groupId)) return false;
  return true;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The instant the campus clock reads this date and time (the earlier one when a fall-back hour repeats it). */
export function campusInstant(year: number, month: number, day: number, minuteOfDay: number, timeZone = CAMPUS_TIME_ZONE): Date {
  const wall = Date.UTC(year, month - 1, day, Math.floor(minuteOfDay / 60), minuteOfDay % 60);
  let guess = wall;
  // Two rounds settle the zone's offset at the guess (a spring-forward gap lands an hour later).
  for (let round = 0; round < 2; round += 1) {
    const seen = localDateTime(new Date(guess), timeZone);
    const seenWall = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    guess += wall - seenWall;
  }
  return new Date(guess);
}

/**
 * When the quiet hours holding `at` end (nothing is pushed or mailed before
 * then; it is gathered for after), or null when `at` is not in them.
 */
export function quietUntil(prefs: NotificationPreferences, at: Date, timeZone = CAMPUS_TIME_ZONE): Date | null {
  if (!prefs.quietHours) return null;
  const start = minutesOf(prefs.quietHours.start);
  const end = minutesOf(prefs.quietHours.end);
  const now = localDateTime(at, timeZone);
  const minute = now.hour * 60 + now.minute;
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  // The end is today unless the window spans midnight and we are before it.
  const dayAhead = start > end && minute >= start ? 1 : 0;
  const date = new Date(Date.UTC(now.year, now.month - 1, now.day + dayAhead));
  return campusInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), end, timeZone);
}

/** The earliest a delivery planned for `wanted` may go: after the quiet hours, if it falls in them. */
function deliverAt(prefs: NotificationPreferences, wanted: Date, timeZone = CAMPUS_TIME_ZONE): Date {
  return quietUntil(prefs, wanted, timeZone) ?? wanted;
}

/** When the next digest may go: at once, or `digestMinutes` after the last one. */
export function nextDigestAt(prefs: NotificationPreferences, lastDigestAt: Date | null, now: Date): Date {
  const earliest = lastDigestAt ? new Date(lastDigestAt.getTime() + prefs.digestMinutes * 60_000) : now;
  return deliverAt(prefs, earliest > now ? earliest : now);
}

/** One room's gathered messages as one push: "3 new messages in Exam 1 Crammers, 1 mentions you". */
export function roomBatchText(roomName: string, messages: number, mentions: number): string {
  const head = `${messages} new message${messages === 1 ? '' : 's'} in ${roomName}`;
  return mentions > 0 ? `${head}, ${mentions} mention${mentions === 1 ? 's' : ''} you` : head;
}
