// How a section's meetings read to a student: "MWF 10:40 AM-11:30 AM, ROG 129",
// or "Online" for a section taught online.
import type { Course, MeetTime } from './course';

/** UF's day letters in week order (R is Thursday, S Saturday, U Sunday). */
const DAY_ORDER = ['M', 'T', 'W', 'R', 'F', 'S', 'U'];

function isOnlineSection(course: Pick<Course, 'sectWeb' | 'mode'>): boolean {
  return course.sectWeb === 'AD' || course.sectWeb === 'PD' || course.mode.toLowerCase() === 'online';
}

function meetingDays(meeting: MeetTime): string {
  return [...meeting.days].sort((a, b) => DAY_ORDER.indexOf(a) - DAY_ORDER.indexOf(b)).join('');
}

function meetingTime(meeting: MeetTime): string {
  return meeting.begin && meeting.end ? `${meeting.begin}-${meeting.end}` : meeting.begin;
}

function meetingPlace(meeting: MeetTime): string {
  return [meeting.building, meeting.room].filter(Boolean).join(' ');
}

/**
 * UF now leaves meeting times out of its answers to anonymous callers, so an
 * answer without any says nothing about a section's meetings: it keeps the
 * ones known, unless its delivery mode changed (a section that moved online
 * no longer meets in its old room). Mostly-online sections (PD) may meet in a
 * room too, so the mode alone does not decide.
 */
export function withKnownMeetings<T extends Pick<Course, 'sectWeb' | 'meetTimes'>>(
  entry: T,
  known: Pick<Course, 'sectWeb' | 'meetTimes'>,
): T {
  if (entry.meetTimes.length > 0 || known.meetTimes.length === 0 || known.sectWeb !== entry.sectWeb) return entry;
  return { ...entry, meetTimes: known.meetTimes };
}

/** One line per meeting ("MWF 10:40 AM-11:30 AM, ROG 129"); ["Online"] for an online section without meetings. */
export function describeMeetings(course: Pick<Course, 'sectWeb' | 'mode' | 'meetTimes'>): string[] {
  if (course.meetTimes.length === 0) return isOnlineSection(course) ? ['Online'] : [];
  return course.meetTimes.map((meeting) => {
    const when = [meetingDays(meeting), meetingTime(meeting)].filter(Boolean).join(' ');
    const where = meetingPlace(meeting);
    return [when, where].filter(Boolean).join(', ');
  });
}
