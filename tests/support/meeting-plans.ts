// Meeting plans for tests that store meetings straight in a repository: the
// spec's weekly meeting (a day, a time, a place), for an hour, over a term.
import type { MeetingId } from '@domain/ids';
import type { MeetingPlan, PlannedMeeting } from '@domain/study-group/meeting-plan';
import type { MeetingDetails } from '@domain/study-group/meeting-rules';

/** A weekly hour-long series of the Fall 2026 term, or as `changes` say. */
export function weeklyPlan(details: MeetingDetails, changes: Partial<MeetingPlan> = {}): MeetingPlan {
  return { kind: 'weekly', title: '', lengthMinutes: 60, startDate: '2026-08-24', endDate: '2026-12-04', ...details, ...changes };
}

/** A stored weekly meeting with nothing cancelled. */
export function plannedMeeting(id: MeetingId, details: MeetingDetails, changes: Partial<PlannedMeeting> = {}): PlannedMeeting {
  return { ...weeklyPlan(details), id, cancelledDates: [], ...changes };
}
