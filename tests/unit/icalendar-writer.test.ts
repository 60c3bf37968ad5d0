import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, studyGroupCalendar } from '@adapters/calendar/icalendar-writer';
import type { MemberProfile } from '@domain/course/course';
import { CourseId, MeetingId, StudyGroupId, UserId } from '@domain/ids';
import type { StudyGroup } from '@domain/study-group/study-group';
import { parseCalendar } from '@tests/support/parse-calendar';
import { plannedMeeting } from '@tests/support/meeting-plans';

const owner: MemberProfile = {
  id: UserId(1),
  username: 'alberta',
  firstName: 'Alberta',
  lastName: 'Gator',
  major: '',
  year: '2',
  bio: '',
  verified: true,
};

const group: StudyGroup = {
  id: StudyGroupId(7),
  courseId: CourseId(3),
  name: 'Exam 2; the big one, really',
  description: 'Bring notes\nand snacks \\ coffee',
  isPublic: true,
  maxMembers: 50,
  owner,
  members: [owner],
  meetings: [
    plannedMeeting(MeetingId(11), { day: 'Monday', time: '18:30:00', location: 'Marston Science Library, room 1' }),
    plannedMeeting(MeetingId(12), { day: 'Saturday', time: '09:00:00', location: 'Library West' }),
  ],
};

// A Thursday in July (EDT, UTC-4) and a Thursday in December (EST, UTC-5).
const summer = new Date('2026-07-16T16:00:00Z');
const winter = new Date('2026-12-03T16:00:00Z');

describe('iCalendar text', () => {
  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('strips control characters, which RFC 5545 TEXT cannot hold (rows stored before the text policy may have them)', () => {
    expect(escapeText('Room\u0000 1\u0007\u001B[31m\u007F\u0085B\tC\nD')).toBe('Room 1[31mB\tC\\nD');
    const calendar = studyGroupCalendar(
      { ...group, meetings: [plannedMeeting(MeetingId(13), { day: 'Monday', time: '10:00:00', location: 'Lab\u0000\u0001 West' })] },
      summer,
    );
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
    const text = studyGroupCalendar({ ...group, description: 'word '.repeat(60) }, summer);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});

describe('a group’s calendar, read back by ical.js', () => {
  it('has one weekly event per meeting in America/New_York with its VTIMEZONE', () => {
    const { tzids, events } = parseCalendar(studyGroupCalendar(group, summer));
    expect(tzids).toEqual(['America/New_York']);
    expect(events).toHaveLength(2);
    const [monday, saturday] = events;
    expect(monday).toMatchObject({
      uid: 'study-group-7-meeting-11@study-swamp',
      summary: 'Exam 2; the big one, really',
      location: 'Marston Science Library, room 1',
      description: 'Bring notes\nand snacks \\ coffee',
      tzid: 'America/New_York',
      weekday: 2,
      localTime: '18:30',
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
      duration: 'PT1H',
    });
    expect(saturday).toMatchObject({ weekday: 7, localTime: '09:00', rrule: 'FREQ=WEEKLY;BYDAY=SA' });
  });

  it('starts each series at the next occurrence, with the daylight-saving offset of that date', () => {
    const [julyMonday, julySaturday] = parseCalendar(studyGroupCalendar(group, summer)).events;
    // Monday 2026-07-20 18:30 EDT is 22:30 UTC.
    expect(julyMonday.start.toISOString()).toBe('2026-07-20T22:30:00.000Z');
    expect(julySaturday.start.toISOString()).toBe('2026-07-18T13:00:00.000Z');
    const [decemberMonday] = parseCalendar(studyGroupCalendar(group, winter)).events;
    // Monday 2026-12-07 18:30 EST is 23:30 UTC.
    expect(decemberMonday.start.toISOString()).toBe('2026-12-07T23:30:00.000Z');
  });

  it('keeps the same UIDs from one download to the next', () => {
    const uids = (now: Date) => parseCalendar(studyGroupCalendar(group, now)).events.map((e) => e.uid);
    expect(uids(summer)).toEqual(uids(winter));
  });

  it('is a valid calendar with no events when the group has no meetings', () => {
    const text = studyGroupCalendar({ ...group, meetings: [] }, summer);
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(parseCalendar(text).events).toEqual([]);
  });
});
