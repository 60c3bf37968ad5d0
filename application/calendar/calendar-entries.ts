// The events of a calendar (a group's file, a student's feed): each meeting
// of each group as a plan, with the revision it is served at, so a meeting
// that changed since it was last served reaches calendar apps with a higher
// SEQUENCE and a new LAST-MODIFIED.
import type { StudyGroupId } from '@domain/ids';
import type { PlannedMeeting } from '@domain/study-group/meeting-plan';
import type { CalendarFeeds, EventRevision, FeedGroup } from '@application/ports/calendar-feeds';

/** One meeting of one group, as its calendar event shows it. */
export interface CalendarEntry {
  groupId: StudyGroupId;
  groupName: string;
  groupDescription: string;
  meeting: PlannedMeeting;
  revision: EventRevision;
}

/** Everything the event shows that a student would call a change. */
function fingerprint(group: FeedGroup, meeting: PlannedMeeting): string {
  const { kind, title, day, time, lengthMinutes, location, startDate, endDate, cancelledDates } = meeting;
  return JSON.stringify([
    group.name,
    group.description,
    kind,
    title,
    day,
    time,
    lengthMinutes,
    location,
    startDate,
    endDate,
    cancelledDates,
  ]);
}

/** The groups' meetings as calendar events, each with its revision (one write for all of them). */
export async function calendarEntries(feeds: CalendarFeeds, groups: FeedGroup[], now: Date): Promise<CalendarEntry[]> {
  const planned = groups.flatMap((group) => group.meetings.map((meeting) => ({ group, meeting })));
  const revisions = await feeds.revise(
    planned.map(({ group, meeting }) => ({ meetingId: meeting.id, fingerprint: fingerprint(group, meeting) })),
    now,
  );
  // A meeting deleted while this was read has no revision: it is left out, as it is gone.
  return planned.flatMap(({ group, meeting }) => {
    const revision = revisions.get(meeting.id);
    return revision ? [{ groupId: group.groupId, groupName: group.name, groupDescription: group.description, meeting, revision }] : [];
  });
}
