// A weekly meeting: a weekday, a local time of day and a place.
import { ValidationError } from '@domain/errors';
import { characterCount } from '@domain/text/text-policy';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const LOCATION_MAX = 200;

export interface MeetingDetails {
  day: Weekday;
  /** HH:MM:SS */
  time: string;
  location: string;
}

export const MEETING_MESSAGES = {
  day: 'Please choose a meeting day from Sunday to Saturday',
  time: 'Please enter a time as HH:MM, from 00:00 to 23:59',
  location: `Please enter a location of 1 to ${LOCATION_MAX} characters`,
} as const;

function isWeekday(value: string): value is Weekday {
  return (WEEKDAYS as readonly string[]).includes(value);
}

const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** "18:30" or "18:30:00" within 00:00-23:59 as "18:30:00"; anything else is null. */
export function normaliseMeetingTime(raw: string): string | null {
  const match = TIME.exec(raw.trim());
  if (!match) return null;
  const [, hours, minutes, seconds = '00'] = match;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  return `${hours}:${minutes}:${seconds}`;
}

/** The stored form of a meeting; throws the first broken rule, naming its field. */
export function normaliseMeeting(input: { day: string; time: string; location: string }): MeetingDetails {
  const day = input.day.trim();
  if (!isWeekday(day)) throw new ValidationError(MEETING_MESSAGES.day, 'day');
  const time = normaliseMeetingTime(input.time);
  if (time === null) throw new ValidationError(MEETING_MESSAGES.time, 'time');
  const location = input.location.trim();
  if (location === '' || characterCount(location) > LOCATION_MAX) throw new ValidationError(MEETING_MESSAGES.location, 'location');
  return { day, time, location };
}

/** Sunday first, then the earlier time; ties keep the older meeting first. */
export function compareMeetings(a: MeetingDetails & { id: number }, b: MeetingDetails & { id: number }): number {
  return WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.time.localeCompare(b.time) || a.id - b.id;
}
