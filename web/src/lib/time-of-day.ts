// Meeting times and dates as the API sends them (HH:MM:SS and YYYY-MM-DD, the
// campus wall clock and calendar) and as the product shows them, in one
// format everywhere: "7:30 PM", "7:00–8:30 PM", "Oct 3", "Fri, Oct 3".

function parts(time: string): [number, number] | null {
  const match = /^(\d{1,2}):(\d{2})/.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? [hours, minutes] : null;
}

/** "18:30:00" -> "18:30", the value of a time input (never shown as text). Anything unreadable comes back as it came. */
export function timeInputValue(time: string): string {
  const hm = parts(time);
  return hm ? `${String(hm[0]).padStart(2, '0')}:${String(hm[1]).padStart(2, '0')}` : time;
}

function clock12(hours: number, minutes: number): { text: string; meridiem: 'AM' | 'PM' } {
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return { text: `${hour12}:${String(minutes).padStart(2, '0')}`, meridiem: hours % 24 < 12 ? 'AM' : 'PM' };
}

/** "18:30:00" -> "6:30 PM", "00:05:00" -> "12:05 AM", "12:00:00" -> "12:00 PM". */
export function formatTime12(time: string): string {
  const hm = parts(time);
  if (!hm) return time;
  const { text, meridiem } = clock12(hm[0], hm[1]);
  return `${text} ${meridiem}`;
}

/** "19:00:00" for 90 minutes -> "7:00–8:30 PM"; "11:00:00" for 90 -> "11:00 AM–12:30 PM"; past midnight wraps. */
export function formatTimeRange(time: string, lengthMinutes: number): string {
  const hm = parts(time);
  if (!hm) return time;
  const endMinutes = (hm[0] * 60 + hm[1] + lengthMinutes) % (24 * 60);
  const start = clock12(hm[0], hm[1]);
  const end = clock12(Math.floor(endMinutes / 60), endMinutes % 60);
  return start.meridiem === end.meridiem
    ? `${start.text}–${end.text} ${end.meridiem}`
    : `${start.text} ${start.meridiem}–${end.text} ${end.meridiem}`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function dateFormat(options: Intl.DateTimeFormatOptions) {
  // The date is a calendar date, not an instant: read and written in UTC so no zone moves it.
  const format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
  return (date: string) => {
    const match = DATE.exec(date);
    return match ? format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))) : date;
  };
}

/** "2026-10-03" -> "Oct 3". */
export const formatDate = dateFormat({ month: 'short', day: 'numeric' });
/** "2026-10-03" -> "Sat, Oct 3". */
export const formatDayDate = dateFormat({ weekday: 'short', month: 'short', day: 'numeric' });

/** Today's campus date, YYYY-MM-DD (date inputs' default and minimum). */
export function campusToday(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return parts;
}
