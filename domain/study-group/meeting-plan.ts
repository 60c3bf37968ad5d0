// A meeting students can plan around: a weekly series between two dates (by
// default the term's end), or a single date; at a campus wall-clock time, for
// a length, in a place (a room, or a link). Dates are campus calendar dates
// (America/New_York) written YYYY-MM-DD; times HH:MM:SS on the campus clock.
// Single occurrences of a series can be cancelled; what remains is what the
// page, the RSVPs, the calendar file and Find a time see.
import { ValidationError } from '@domain/errors';
import type { MeetingId } from '@domain/ids';
import { characterCount } from '@domain/text/text-policy';
import { LOCATION_MAX, MEETING_MESSAGES, normaliseMeetingTime, WEEKDAYS, type Weekday } from './meeting-rules';
import { CAMPUS_TIME_ZONE, localDateTime } from './meeting-occurrence';

export type MeetingKind = 'weekly' | 'once';

const MEETING_LENGTH = { min: 15, max: 12 * 60, default: 60 } as const;
export const MEETING_TITLE_MAX = 80;
/** A series spans at most a year: a term is four months; a year leaves room for a summer group that carries on. */
const SERIES_MAX_DAYS = 366;

export interface MeetingPlan {
  kind: MeetingKind;
  /** An optional name ("Exam 1 review"); '' when none. */
  title: string;
  /** The weekday of every occurrence (for a single meeting, its date's weekday). */
  day: Weekday;
  /** Campus wall-clock start, HH:MM:SS. */
  time: string;
  /** Minutes, MEETING_LENGTH.min..max. */
  lengthMinutes: number;
  /** A room or a link (a link is shown as a link: isMeetingLink). */
  location: string;
  /** Weekly: the first date the series may take place. Once: the date. YYYY-MM-DD. */
  startDate: string;
  /** Weekly: the last date it may take place (inclusive). Once: equal to startDate. */
  endDate: string;
}

/** A stored meeting: its plan, and the dates of the series the owner cancelled. */
export interface PlannedMeeting extends MeetingPlan {
  id: MeetingId;
  /** Sorted YYYY-MM-DD dates of cancelled occurrences (always empty for a single meeting). */
  cancelledDates: string[];
}

export const MEETING_PLAN_MESSAGES = {
  kind: 'Please choose whether the meeting is weekly or once',
  title: `Please keep the title to ${MEETING_TITLE_MAX} characters`,
  date: 'Please enter a date as YYYY-MM-DD',
  pastDate: 'Please choose a date from today on',
  endBeforeStart: 'The last date must not be before the first',
  seriesTooLong: `A weekly meeting can run for at most ${SERIES_MAX_DAYS} days; schedule a new one after that`,
  noOccurrence: 'There is no such weekday between the first and the last date',
  length: `Please choose a length from ${MEETING_LENGTH.min} minutes to ${MEETING_LENGTH.max / 60} hours`,
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a valid YYYY-MM-DD, or null. */
export function dayNumber(date: string): number | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return ms / 86_400_000;
}

/** YYYY-MM-DD of a day number. */
export function dateOfDayNumber(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}

export function weekdayOf(date: string): Weekday {
  const n = dayNumber(date);
  if (n === null) throw new RangeError(`Not a date: ${date}`);
  // 1970-01-01 was a Thursday.
  return WEEKDAYS[(((n + 4) % 7) + 7) % 7];
}

/** Today's campus date, YYYY-MM-DD. */
export function campusDate(now: Date, timeZone: string = CAMPUS_TIME_ZONE): string {
  const t = localDateTime(now, timeZone);
  return `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
}

/** http(s) links (and bare www. / zoom.us forms) are shown as links; anything else is a room. */
export function isMeetingLink(location: string): boolean {
  return /^(https?:\/\/|www\.|[a-z0-9-]+\.zoom\.us\/|zoom\.us\/)\S+$/i.test(location.trim());
}

/** What a client sends to plan a meeting; the spec's calls send only day, time and location. */
export interface MeetingPlanInput {
  kind?: string;
  title?: string;
  day?: string;
  time: string;
  location: string;
  lengthMinutes?: number;
  startDate?: string;
  endDate?: string;
}

export interface PlanDefaults {
  /** Today's campus date (campusDate(clock.now())). */
  today: string;
  /** The last day of the group's term (termDates(term).end), the default end of a series. */
  termEnd: string;
}

function parseDate(raw: string, field: string): string {
  if (dayNumber(raw.trim()) === null) throw new ValidationError(MEETING_PLAN_MESSAGES.date, field);
  return raw.trim();
}

/**
 * The stored form of a meeting plan; throws the first broken rule, naming its
 * field. Without `kind`, a plan is weekly (the spec's calls). A weekly series
 * starts today unless told, ends at the term's end unless told (or a term
 * ahead when the term has ended), and needs at least one of its weekday in
 * between. A single meeting is on `startDate`, not in the past.
 */
export function normaliseMeetingPlan(input: MeetingPlanInput, defaults: PlanDefaults): MeetingPlan {
  const kind = (input.kind ?? 'weekly').trim();
  if (kind !== 'weekly' && kind !== 'once') throw new ValidationError(MEETING_PLAN_MESSAGES.kind, 'kind');
  const title = (input.title ?? '').trim();
  if (characterCount(title) > MEETING_TITLE_MAX) throw new ValidationError(MEETING_PLAN_MESSAGES.title, 'title');
  const time = normaliseMeetingTime(input.time);
  if (time === null) throw new ValidationError(MEETING_MESSAGES.time, 'time');
  const location = input.location.trim();
  if (location === '' || characterCount(location) > LOCATION_MAX) throw new ValidationError(MEETING_MESSAGES.location, 'location');
  const lengthMinutes = input.lengthMinutes ?? MEETING_LENGTH.default;
  if (!Number.isInteger(lengthMinutes) || lengthMinutes < MEETING_LENGTH.min || lengthMinutes > MEETING_LENGTH.max) {
    throw new ValidationError(MEETING_PLAN_MESSAGES.length, 'lengthMinutes');
  }
  const today = dayNumber(defaults.today)!;

  if (kind === 'once') {
    if (input.startDate === undefined) throw new ValidationError(MEETING_PLAN_MESSAGES.date, 'startDate');
    const date = parseDate(input.startDate, 'startDate');
    if (dayNumber(date)! < today) throw new ValidationError(MEETING_PLAN_MESSAGES.pastDate, 'startDate');
    return { kind, title, day: weekdayOf(date), time, lengthMinutes, location, startDate: date, endDate: date };
  }

  const day = (input.day ?? '').trim();
  if (!(WEEKDAYS as readonly string[]).includes(day)) throw new ValidationError(MEETING_MESSAGES.day, 'day');
  const startDate = input.startDate === undefined ? defaults.today : parseDate(input.startDate, 'startDate');
  const start = dayNumber(startDate)!;
  const termEnd = dayNumber(defaults.termEnd) ?? today;
  const defaultEnd = termEnd >= start ? termEnd : start + 16 * 7;
  const endDate = input.endDate === undefined ? dateOfDayNumber(defaultEnd) : parseDate(input.endDate, 'endDate');
  const end = dayNumber(endDate)!;
  if (end < today) throw new ValidationError(MEETING_PLAN_MESSAGES.pastDate, 'endDate');
  if (end < start) throw new ValidationError(MEETING_PLAN_MESSAGES.endBeforeStart, 'endDate');
  if (end - start > SERIES_MAX_DAYS) throw new ValidationError(MEETING_PLAN_MESSAGES.seriesTooLong, 'endDate');
  const plan: MeetingPlan = { kind, title, day: day as Weekday, time, lengthMinutes, location, startDate, endDate };
  if (firstOccurrenceOnOrAfter(plan, start) === null) throw new ValidationError(MEETING_PLAN_MESSAGES.noOccurrence, 'day');
  return plan;
}

function firstOccurrenceOnOrAfter(plan: MeetingPlan, from: number): number | null {
  const start = Math.max(from, dayNumber(plan.startDate)!);
  const end = dayNumber(plan.endDate)!;
  const ahead = (WEEKDAYS.indexOf(plan.day) - WEEKDAYS.indexOf(weekdayOf(dateOfDayNumber(start))) + 7) % 7;
  const first = start + ahead;
  return first <= end ? first : null;
}

/**
 * The dates (YYYY-MM-DD, ascending) on which the meeting takes place between
 * `from` and `to` inclusive, cancelled occurrences left out.
 */
export function occurrenceDates(meeting: Pick<PlannedMeeting, keyof MeetingPlan | 'cancelledDates'>, from: string, to: string): string[] {
  const last = Math.min(dayNumber(to)!, dayNumber(meeting.endDate)!);
  const cancelled = new Set(meeting.cancelledDates);
  const dates: string[] = [];
  for (let n = firstOccurrenceOnOrAfter(meeting, dayNumber(from)!); n !== null && n <= last; n += 7) {
    const date = dateOfDayNumber(n);
    if (!cancelled.has(date)) dates.push(date);
  }
  return dates;
}

/** Whether `date` is an occurrence of the meeting (cancelled or not). */
export function isOccurrenceDate(meeting: MeetingPlan, date: string): boolean {
  const n = dayNumber(date);
  if (n === null || n < dayNumber(meeting.startDate)! || n > dayNumber(meeting.endDate)!) return false;
  return weekdayOf(date) === meeting.day;
}

/** Minutes after midnight of an HH:MM:SS time. */
function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

/**
 * The date of the meeting's next occurrence that has not ended by `now`
 * (an occurrence under way still counts), or null when none is left.
 */
export function nextOccurrenceDate(
  meeting: Pick<PlannedMeeting, keyof MeetingPlan | 'cancelledDates'>,
  now: Date,
  timeZone: string = CAMPUS_TIME_ZONE,
): string | null {
  const t = localDateTime(now, timeZone);
  const today = campusDate(now, timeZone);
  const minutesNow = t.hour * 60 + t.minute;
  // An occurrence that started yesterday may run past midnight (a 12-hour meeting at 10 PM).
  const yesterday = dateOfDayNumber(dayNumber(today)! - 1);
  for (const date of occurrenceDates(meeting, yesterday, meeting.endDate)) {
    const daysFromToday = dayNumber(date)! - dayNumber(today)!;
    const endsAt = daysFromToday * 24 * 60 + minutesOf(meeting.time) + meeting.lengthMinutes;
    if (endsAt > minutesNow) return date;
  }
  return null;
}

/** A term's first and last day of classes (YYYY-MM-DD), for series defaults and the calendar. */
export interface TermDates {
  start: string;
  end: string;
}

// UF's published dates for the terms in the shipped catalog (the sections'
// own startDate/endDate in ../shared/data/uf-soc); other terms fall back to
// the usual shape of UF's calendar for their season.
const KNOWN_TERMS: Record<string, TermDates> = {
  'Spring 2025': { start: '2025-01-13', end: '2025-04-23' },
  'Summer 2025': { start: '2025-05-12', end: '2025-08-08' },
  'Fall 2025': { start: '2025-08-21', end: '2025-12-03' },
};

const SEASON_SHAPE: Record<string, { start: string; end: string }> = {
  Spring: { start: '01-08', end: '04-25' },
  Summer: { start: '05-12', end: '08-08' },
  Fall: { start: '08-21', end: '12-05' },
};

/** The term's dates: UF's own where known, else its season's usual ones; null for a name that is not a term. */
export function termDates(term: string): TermDates | null {
  const known = KNOWN_TERMS[term];
  if (known) return known;
  const match = /^(Spring|Summer|Fall) (\d{4})$/.exec(term);
  if (!match) return null;
  const shape = SEASON_SHAPE[match[1]];
  return { start: `${match[2]}-${shape.start}`, end: `${match[2]}-${shape.end}` };
}
