// When a weekly meeting next takes place, in campus (local) time. Meetings are
// kept as a weekday and a wall-clock time in Gainesville, so the calendar
// export starts each series at its next occurrence there.
import { WEEKDAYS, type Weekday } from './meeting-rules';

export const CAMPUS_TIME_ZONE = 'America/New_York';

/** A wall-clock date and time, without a zone. */
export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading of `instant` in `timeZone`. */
export function localDateTime(instant: Date, timeZone: string): LocalDateTime & { weekday: Weekday } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'long',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    hour: Number(part('hour')),
    minute: Number(part('minute')),
    second: Number(part('second')),
    weekday: part('weekday') as Weekday,
  };
}

/**
 * The first time at or after `now` that a meeting on `day` at `time` (HH:MM:SS,
 * wall clock in `timeZone`) takes place, as a wall-clock reading there.
 */
export function nextOccurrence(day: Weekday, time: string, now: Date, timeZone: string = CAMPUS_TIME_ZONE): LocalDateTime {
  const today = localDateTime(now, timeZone);
  const [hour, minute, second] = time.split(':').map(Number);
  let daysAhead = (WEEKDAYS.indexOf(day) - WEEKDAYS.indexOf(today.weekday) + 7) % 7;
  const secondsNow = today.hour * 3600 + today.minute * 60 + today.second;
  if (daysAhead === 0 && hour * 3600 + minute * 60 + second < secondsNow) daysAhead = 7;
  // Calendar arithmetic on the date alone: UTC has no daylight-saving jumps.
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + daysAhead));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour, minute, second };
}
