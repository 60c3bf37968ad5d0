// When a meeting's reminder goes (issue 26): an hour before each occurrence
// starts, on the campus clock. A meeting is kept as a campus date and
// wall-clock time, so the instant is worked out per occurrence: a weekly 7 PM
// meeting is 23:00Z before the spring change and 22:00Z after it.
import { campusDate, occurrenceDates, type PlannedMeeting } from '@domain/study-group/meeting-plan';
import { campusInstant } from './notification-preferences';

export const REMINDER_MINUTES_BEFORE = 60;

/** One occurrence's reminder: the occurrence's date and the instant its reminder is due. */
interface DueReminder {
  date: string;
  at: Date;
}

/** The instant the occurrence on `date` (YYYY-MM-DD) starts. */
export function occurrenceStart(meeting: Pick<PlannedMeeting, 'time'>, date: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = meeting.time.split(':').map(Number);
  return campusInstant(year, month, day, hours * 60 + minutes);
}

/**
 * The first occurrence, cancelled ones skipped, whose reminder is due after
 * `now`, with that instant; null when the meeting has none left.
 */
export function nextReminder(meeting: PlannedMeeting, now: Date): DueReminder | null {
  // An occurrence before today's campus date has started already, so its reminder is past.
  for (const date of occurrenceDates(meeting, campusDate(now), meeting.endDate)) {
    const at = new Date(occurrenceStart(meeting, date).getTime() - REMINDER_MINUTES_BEFORE * 60_000);
    if (at.getTime() > now.getTime()) return { date, at };
  }
  return null;
}
