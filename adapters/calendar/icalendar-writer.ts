// A study group's meetings as an iCalendar file (RFC 5545): one weekly series
// per meeting in campus time (America/New_York, with its VTIMEZONE), starting
// at the meeting's next occurrence. Written by hand: the format needs only
// escaping, CRLF line ends and folding, which fit in this file.
import type { Meeting, StudyGroup } from '@domain/study-group/study-group';
import { CAMPUS_TIME_ZONE, nextOccurrence, type LocalDateTime } from '@domain/study-group/meeting-occurrence';

const BYDAY = { Sunday: 'SU', Monday: 'MO', Tuesday: 'TU', Wednesday: 'WE', Thursday: 'TH', Friday: 'FR', Saturday: 'SA' } as const;

/** Meetings have no end time in the product; calendars get an hour-long slot. */
const MEETING_DURATION = 'PT1H';

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

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function localStamp(t: LocalDateTime): string {
  return `${pad(t.year, 4)}${pad(t.month)}${pad(t.day)}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}`;
}

function utcStamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

function meetingEvent(group: StudyGroup, meeting: Meeting, now: Date): string[] {
  return [
    'BEGIN:VEVENT',
    // Stable across downloads, so importing the file again updates the series instead of copying it.
    `UID:study-group-${group.id}-meeting-${meeting.id}@study-swamp`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${CAMPUS_TIME_ZONE}:${localStamp(nextOccurrence(meeting.day, meeting.time, now))}`,
    `DURATION:${MEETING_DURATION}`,
    `RRULE:FREQ=WEEKLY;BYDAY=${BYDAY[meeting.day]}`,
    `SUMMARY:${escapeText(group.name)}`,
    `LOCATION:${escapeText(meeting.location)}`,
    `DESCRIPTION:${escapeText(group.description)}`,
    'END:VEVENT',
  ];
}

export function studyGroupCalendar(group: StudyGroup, now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Study Swamp//Study Groups//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(group.name)}`,
    `X-WR-TIMEZONE:${CAMPUS_TIME_ZONE}`,
    ...NEW_YORK_VTIMEZONE,
    ...group.meetings.flatMap((meeting) => meetingEvent(group, meeting, now)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
