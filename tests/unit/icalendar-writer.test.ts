import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, writeCalendar, type CalendarEvent } from '@adapters/calendar/icalendar-writer';
import { MeetingId, StudyGroupId } from '@domain/ids';
import type { PlannedMeeting } from '@domain/study-group/meeting-plan';
import { parseCalendar } from '@tests/support/parse-calendar';

const weekly: PlannedMeeting = {
  id: MeetingId(11),
  kind: 'weekly',
  title: '',
  day: 'Monday',
  time: '18:30:00',
  lengthMinutes: 90,
  location: 'Marston Science Library, room 1',
  // Fall 2025: the series starts on a Thursday, so its first real occurrence is Monday Aug 25.
  startDate: '2025-08-21',
  endDate: '2025-12-03',
  cancelledDates: [],
};

const once: PlannedMeeting = {
  id: MeetingId(12),
  kind: 'once',
  title: 'Exam 1 review',
  day: 'Friday',
  time: '19:00:00',
  lengthMinutes: 120,
  location: 'https://ufl.zoom.us/j/123456789',
  startDate: '2025-10-03',
  endDate: '2025-10-03',
  cancelledDates: [],
};

const event = (meeting: PlannedMeeting, more: Partial<CalendarEvent> = {}): CalendarEvent => ({
  groupId: StudyGroupId(7),
  groupName: 'Exam 2; the big one, really',
  groupDescription: 'Bring notes\nand snacks \\ coffee',
  meeting,
  ...more,
});

const calendarOf = (events: CalendarEvent[], groupInSummary = false) =>
  writeCalendar({ name: 'Exam 2; the big one, really', events, groupInSummary }, new Date('2025-09-01T12:00:00Z'));

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('strips control characters, which RFC 5545 TEXT cannot hold (rows stored before the text policy may have them)', () => {
    expect(escapeText('Room\u0000 1\u0007\u001B[31m\u007F\u0085B\tC\nD')).toBe('Room 1[31mB\tC\\nD');
    const calendar = calendarOf([event({ ...weekly, location: 'Lab\u0000\u0001 West' })]);
    expect(calendar).toContain('LOCATION:Lab West');
    expect(calendar).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/);
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'ä'.repeat(60)}`;
    const physical = foldLine(line).split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const piece of physical) expect(new TextEncoder().encode(piece).length).toBeLessThanOrEqual(75);
    expect(physical.slice(1).every((piece) => piece.startsWith(' '))).toBe(true);
    expect(physical.map((piece, i) => (i === 0 ? piece : piece.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('ends every line with CRLF and folds the long ones', () => {
    const text = calendarOf([event(weekly, { groupDescription: 'word '.repeat(60) })]);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});

describe('a group’s calendar, read back and expanded by ical.js', () => {
  it('writes a weekly series as one event in America/New_York with its end, its length and the group name as summary', () => {
    const { tzids, events } = parseCalendar(calendarOf([event(weekly)]));
    expect(tzids).toEqual(['America/New_York']);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      uid: 'study-group-7-meeting-11@study-swamp',
      summary: 'Exam 2; the big one, really',
      location: 'Marston Science Library, room 1',
      description: 'Bring notes\nand snacks \\ coffee',
      tzid: 'America/New_York',
      weekday: 2,
      localTime: '18:30',
      duration: 'PT1H30M',
      url: null,
    });
    expect(events[0].rrule).toMatch(/^FREQ=WEEKLY;BYDAY=MO;UNTIL=\d{8}T\d{6}Z$/);
  });

  it('starts at the first real occurrence on or after the start date, in the term’s year, and ends on the last one (included)', () => {
    const [series] = parseCalendar(calendarOf([event(weekly)])).events;
    // Monday 2025-08-25 18:30 EDT is 22:30 UTC.
    expect(series.start.toISOString()).toBe('2025-08-25T22:30:00.000Z');
    const mondays: string[] = [];
    for (let day = Date.UTC(2025, 7, 25); day <= Date.UTC(2025, 11, 3); day += 7 * 86_400_000) {
      mondays.push(new Date(day).toISOString().slice(0, 10));
    }
    expect(series.dates).toEqual(mondays);
    expect(series.dates.at(-1)).toBe('2025-12-01');
  });

  it('includes the end date itself when the series falls on it, across the change back to standard time', () => {
    const [series] = parseCalendar(calendarOf([event({ ...weekly, day: 'Wednesday', endDate: '2025-12-03' })])).events;
    expect(series.dates[0]).toBe('2025-08-27');
    expect(series.dates.at(-1)).toBe('2025-12-03');
    expect(series.dates).toHaveLength(15);
  });

  it('leaves cancelled occurrences out with EXDATE in the campus zone', () => {
    const cancelled = { ...weekly, cancelledDates: ['2025-08-25', '2025-09-29', '2025-09-30'] };
    const text = calendarOf([event(cancelled)]);
    expect(text).toContain('EXDATE;TZID=America/New_York:20250825T183000,20250929T183000\r\n');
    const [series] = parseCalendar(text).events;
    expect(series.dates[0]).toBe('2025-09-01');
    expect(series.dates).not.toContain('2025-09-29');
    expect(series.dates).toHaveLength(13);
  });

  it('writes a single meeting as one event without RRULE, its title as summary and its link as URL', () => {
    const text = calendarOf([event(once)]);
    expect(text.split('BEGIN:VEVENT')[1]).not.toContain('RRULE');
    const [exam] = parseCalendar(text).events;
    expect(exam).toMatchObject({
      summary: 'Exam 1 review',
      location: 'https://ufl.zoom.us/j/123456789',
      url: 'https://ufl.zoom.us/j/123456789',
      duration: 'PT2H',
      dates: ['2025-10-03'],
    });
    // Friday 2025-10-03 19:00 EDT.
    expect(exam.start.toISOString()).toBe('2025-10-03T23:00:00.000Z');
  });

  it('gives a bare www. or zoom.us link https:// as its URL', () => {
    const [link] = parseCalendar(calendarOf([event({ ...weekly, location: 'zoom.us/j/42' })])).events;
    expect(link.url).toBe('https://zoom.us/j/42');
  });

  it('names the group in each summary of a feed that mixes groups', () => {
    const other = event({ ...weekly, id: MeetingId(13) }, { groupId: StudyGroupId(8), groupName: 'Orgo night owls' });
    const { events } = parseCalendar(calendarOf([event(once), other], true));
    expect(events.map((e) => e.summary)).toEqual(['Exam 1 review · Exam 2; the big one, really', 'Orgo night owls']);
  });

  it('keeps the UID from one download to the next and through edits; a revision bumps SEQUENCE and LAST-MODIFIED', () => {
    const first = parseCalendar(calendarOf([event(weekly, { revision: { sequence: 0, modifiedAt: new Date('2025-08-20T10:00:00Z') } })]));
    const moved = parseCalendar(
      calendarOf([event({ ...weekly, time: '19:00:00' }, { revision: { sequence: 1, modifiedAt: new Date('2025-08-30T10:00:00Z') } })]),
    );
    expect(moved.events[0].uid).toBe(first.events[0].uid);
    expect(first.events[0].sequence).toBe(0);
    expect(moved.events[0].sequence).toBe(1);
    expect(moved.events[0].lastModified?.toISOString()).toBe('2025-08-30T10:00:00.000Z');
  });

  it('is a valid calendar with no events when there are no meetings', () => {
    const text = calendarOf([]);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(parseCalendar(text).events).toEqual([]);
  });
});
