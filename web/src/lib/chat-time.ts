// Chat timestamps as spec 9 shows them: "at {time}" for today, otherwise
// "{date} at {time}", on the campus clock (America/New_York). Intl applies
// daylight saving for each instant, so the offset is -5 or -4 hours as the
// date requires, never a fixed 4.
import { CAMPUS_TIME_ZONE } from '@domain/study-group/meeting-occurrence';

const timeFormat = new Intl.DateTimeFormat('en-US', { timeZone: CAMPUS_TIME_ZONE, hour: 'numeric', minute: '2-digit' });
const dateFormat = new Intl.DateTimeFormat('en-US', { timeZone: CAMPUS_TIME_ZONE, month: 'numeric', day: 'numeric', year: 'numeric' });
const fullFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CAMPUS_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

// Newer ICU data puts a narrow no-break space before AM/PM; plain spaces read
// (and compare) the same everywhere.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** Whether two moments fall on the same day on the campus clock. */
export function isSameCampusDay(a: Date | string, b: Date | string): boolean {
  return dateFormat.format(new Date(a)) === dateFormat.format(new Date(b));
}

/** "at 9:05 AM" when the message is from today on campus, else "11/20/2026 at 9:05 AM". */
export function formatChatTime(time: Date | string, now: Date = new Date()): string {
  const instant = new Date(time);
  const clock = plain(timeFormat.format(instant));
  return isSameCampusDay(instant, now) ? `at ${clock}` : `${dateFormat.format(instant)} at ${clock}`;
}

/** The full moment, for a tooltip: "Monday, November 23, 2026 at 9:05 AM EST". */
export function describeChatTime(time: Date | string): string {
  return plain(fullFormat.format(new Date(time)));
}
