// Study-group meetings as an iCalendar file (RFC 5545), in campus time
// (America/New_York, with its VTIMEZONE): a weekly series is one event with
// its end (RRULE ... UNTIL) and its cancelled occurrences (EXDATE), a single
// meeting one event without RRULE, each for its real length. Written by hand:
// the format needs only escaping, CRLF line ends and folding, which fit here.
import type { StudyGroupId } from '@domain/ids';
import { CAMPUS_TIME_ZONE, localDateTime } from '@domain/study-group/meeting-occurrence';
import { isMeetingLink, occurrenceDates, type PlannedMeeting } from '@domain/study-group/meeting-plan';

const BYDAY = { Sunday: 'SU', Monday: 'MO', Tuesday: 'TU', Wednesday: 'WE', Thursday: 'TH', Friday: 'FR', Saturday: 'SA' } as const;

// US Eastern rules since 2007: EDT from the second Sunday of March, EST from
// the first Sunday of November, both at 02:00 local time.
const NEW_YORK_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${CAMPUS_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:19700308T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:19701101T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** One meeting of one group, as a calendar event. */
export interface CalendarEvent {
  groupId: StudyGroupId;
  groupName: string;
  groupDescription: string;
  meeting: PlannedMeeting;
  /** How often the event changed since first served, and when it last did: calendar apps update an event whose SEQUENCE grew. */
  revision?: { sequence: number; modifiedAt: Date };
}

export interface CalendarDocument {
  /** The calendar's name in the app (X-WR-CALNAME). */
  name: string;
  events: CalendarEvent[];
  /** A feed mixes groups: each SUMMARY then names its group ("Exam 1 review · CHM2045 crew"). */
  groupInSummary?: boolean;
}

/**
 * TEXT values: backslash, semicolon, comma and line breaks escaped, and other
 * control characters (C0 but tab, DEL, C1) dropped, since TEXT has no form
 * for them (RFC 5545 3.3.11).
 */
export function escapeText(value: string): string {
  return value
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/g, '');
}

/** Lines longer than 75 octets continue on lines that start with a space, never inside a character (3.1). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

/** YYYY-MM-DD + HH:MM:SS as a local DATE-TIME value: 20251001T190000. */
function localStamp(date: string, time: string): string {
  return `${date.replace(/-/g, '')}T${time.replace(/:/g, '')}`;
}

function utcStamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** The instant a campus wall-clock reading names (the later reading's offset in the autumn's repeated hour). */
function campusInstant(date: string, time: string): Date {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s] = time.split(':').map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  let guess = wall;
  for (let i = 0; i < 2; i += 1) {
    const seen = localDateTime(new Date(guess), CAMPUS_TIME_ZONE);
    guess += wall - Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second);
  }
  return new Date(guess);
}

/** ISO 8601 duration of a length in minutes: PT1H30M, PT45M, PT2H. */
function duration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}

/** A link place as a URL calendar apps open: the bare www. and zoom.us forms get https://. */
function meetingUrl(location: string): string | null {
  if (!isMeetingLink(location)) return null;
  const trimmed = location.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

function summaryOf(event: CalendarEvent, groupInSummary: boolean): string {
  const title = event.meeting.title.trim();
  if (title === '') return event.groupName;
  return groupInSummary ? `${title} · ${event.groupName}` : title;
}

function eventLines(event: CalendarEvent, now: Date, groupInSummary: boolean): string[] {
  const { meeting } = event;
  // Every date the plan names, cancelled ones included: the first is DTSTART, the last bounds UNTIL.
  const dates = occurrenceDates({ ...meeting, cancelledDates: [] }, meeting.startDate, meeting.endDate);
  if (dates.length === 0) return [];
  const first = dates[0];
  const last = dates[dates.length - 1];
  const tz = `TZID=${CAMPUS_TIME_ZONE}`;
  const lines = [
    'BEGIN:VEVENT',
    // Stable across downloads and edits, so importing the file again (or a feed's refresh) updates the event instead of copying it.
    `UID:study-group-${event.groupId}-meeting-${meeting.id}@study-swamp`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;${tz}:${localStamp(first, meeting.time)}`,
    `DURATION:${duration(meeting.lengthMinutes)}`,
  ];
  if (meeting.kind === 'weekly') {
    // With a zoned DTSTART, UNTIL is UTC (RFC 5545 3.3.10): the last occurrence's start, which it includes.
    lines.push(`RRULE:FREQ=WEEKLY;BYDAY=${BYDAY[meeting.day]};UNTIL=${utcStamp(campusInstant(last, meeting.time))}`);
    const cancelled = meeting.cancelledDates.filter((date) => dates.includes(date));
    if (cancelled.length > 0) lines.push(`EXDATE;${tz}:${cancelled.map((date) => localStamp(date, meeting.time)).join(',')}`);
  }
  if (event.revision) {
    lines.push(`SEQUENCE:${event.revision.sequence}`, `LAST-MODIFIED:${utcStamp(event.revision.modifiedAt)}`);
  }
  lines.push(`SUMMARY:${escapeText(summaryOf(event, groupInSummary))}`, `LOCATION:${escapeText(meeting.location)}`);
  const url = meetingUrl(meeting.location);
  // URL is a URI value, not TEXT: a link that is not one (a space, a quote) is left to LOCATION.
  if (url !== null && URL.canParse(url)) lines.push(`URL:${new URL(url).href}`);
  if (event.groupDescription !== '') lines.push(`DESCRIPTION:${escapeText(event.groupDescription)}`);
  lines.push('END:VEVENT');
  return lines;
}

/** The calendar text: pure, from the groups' meetings and the time of writing (DTSTAMP). */
export function writeCalendar(calendar: CalendarDocument, now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Study Swamp//Study Groups//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${CAMPUS_TIME_ZONE}`,
    ...NEW_YORK_VTIMEZONE,
    ...calendar.events.flatMap((event) => eventLines(event, now, calendar.groupInSummary ?? false)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
