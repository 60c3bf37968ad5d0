// The weekly busy grid a student keeps on their profile for Find a time: the
// stretches of the week they are busy and the hours they would rather meet
// in, with the rules a saved grid keeps.
import { ValidationError } from '@domain/errors';
import type { PreferredHours, WeeklyInterval } from './find-a-time';

/** The most stretches a grid holds. */
const BUSY_STRETCHES_MAX = 50;
/** Preferred hours span at least this many minutes. */
const PREFERRED_HOURS_MIN = 2 * 60;
/** Every time of the grid falls on a 5-minute mark. */
const MARK = 5;
const DAY_MINUTES = 24 * 60;

export interface BusyGrid {
  /** Stretches within one day each (end at most 1440: midnight). */
  busy: WeeklyInterval[];
  /** Null: the default hours (8 AM-10 PM). */
  preferred: PreferredHours | null;
}

const onMark = (minute: number) => Number.isInteger(minute) && minute >= 0 && minute <= DAY_MINUTES && minute % MARK === 0;

/** The grid as it may be saved, sorted by day and start; throws VALIDATION_FAILED naming the first broken rule. */
export function checkBusyGrid(grid: BusyGrid): BusyGrid {
  if (grid.busy.length > BUSY_STRETCHES_MAX) throw new ValidationError(`At most ${BUSY_STRETCHES_MAX} busy stretches.`, 'busy');
  grid.busy.forEach(({ day, start, end }, index) => {
    const field = `busy.${index}`;
    if (!Number.isInteger(day) || day < 0 || day > 6) throw new ValidationError('The day must be 0 (Sunday) to 6 (Saturday).', field);
    if (!onMark(start) || !onMark(end)) throw new ValidationError('Times must fall within the day, on 5-minute marks.', field);
    if (start >= end) throw new ValidationError('A busy stretch must start before it ends.', field);
  });
  const preferred = grid.preferred;
  if (preferred) {
    if (!onMark(preferred.start) || !onMark(preferred.end))
      throw new ValidationError('Preferred hours must fall within the day, on 5-minute marks.', 'preferredStart');
    if (preferred.start >= preferred.end) throw new ValidationError('Preferred hours must start before they end.', 'preferredStart');
    if (preferred.end - preferred.start < PREFERRED_HOURS_MIN)
      throw new ValidationError('Preferred hours must be at least 2 hours apart.', 'preferredEnd');
  }
  const busy = [...grid.busy].sort((a, b) => a.day - b.day || a.start - b.start || a.end - b.end);
  return { busy, preferred: preferred ? { start: preferred.start, end: preferred.end } : null };
}

const HH_MM = /^(\d{2}):(\d{2})$/;

/** "18:30" as minutes since midnight (1110), "24:00" as 1440; null for anything else. */
export function minutesOfClock(text: string): number | null {
  const match = HH_MM.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/** Minutes since midnight as "HH:MM" (1440: "24:00", midnight at the end of the day). */
export function clockOfMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
