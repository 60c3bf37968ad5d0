// The group events that reach a student away from the tab (issue 26): a join
// request to a group they own, the answer to theirs, an invite, a meeting of
// their group scheduled, changed or cancelled, and a reminder before one
// they are going to. Each reads as one short line with the group's name as
// its title, and opens the group's page.
import type { StudyGroupId, UserId } from '@domain/ids';
import type { JoinRequestState, StandingChange, StandingOutcome } from '@domain/study-group/join-requests';
import type { MeetingPlan } from '@domain/study-group/meeting-plan';
import type { NotificationKind } from './notification-preferences';

/** A meeting as a notification describes it (kept in the event: a cancelled one is gone from the group). */
export type MeetingGist = Pick<MeetingPlan, 'kind' | 'title' | 'day' | 'time' | 'location' | 'startDate'>;

export type MeetingChange = 'new' | 'changed' | 'cancelled' | 'occurrence-cancelled';

export type GroupEvent =
  | { kind: 'join-request'; groupId: StudyGroupId; studentId: UserId }
  | { kind: 'request-answer'; groupId: StudyGroupId; accepted: boolean }
  | { kind: 'invite'; groupId: StudyGroupId }
  | { kind: 'meeting'; groupId: StudyGroupId; change: MeetingChange; meeting: MeetingGist; date?: string }
  | { kind: 'meeting-reminder'; groupId: StudyGroupId; meeting: MeetingGist; date: string; minutesBefore: number };

/** What a device or a digest shows of an event. */
export interface EventNotice {
  kind: NotificationKind;
  groupId: StudyGroupId;
  title: string;
  body: string;
  url: string;
}

const DAY_NAMES: Record<MeetingPlan['day'], string> = {
  Sunday: 'Sundays',
  Monday: 'Mondays',
  Tuesday: 'Tuesdays',
  Wednesday: 'Wednesdays',
  Thursday: 'Thursdays',
  Friday: 'Fridays',
  Saturday: 'Saturdays',
};

/** "18:30:00" -> "6:30 PM". */
function clockTime(time: string): string {
  const hours = Number(time.slice(0, 2));
  const minutes = time.slice(3, 5);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "Mon Dec 7" for 2026-12-07 (a calendar date: no zone involved). */
function shortDate(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  return at.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).replace(',', '');
}

/** "Exam 1 review, Tuesdays at 6:30 PM, Library West 212" / "Mon Dec 7 at 6:30 PM, https://…". */
export function meetingGistText(meeting: MeetingGist, date?: string): string {
  const when =
    date !== undefined || meeting.kind === 'once'
      ? `${shortDate(date ?? meeting.startDate)} at ${clockTime(meeting.time)}`
      : `${DAY_NAMES[meeting.day]} at ${clockTime(meeting.time)}`;
  return [meeting.title, when, meeting.location].filter((part) => part !== '').join(', ');
}

const MEETING_CHANGE_LEAD: Record<MeetingChange, string> = {
  new: 'New meeting',
  changed: 'Meeting changed',
  cancelled: 'Meeting cancelled',
  'occurrence-cancelled': 'Meeting cancelled',
};

/** The names an event's line uses, read when it is sent. */
export interface EventNames {
  groupName: string;
  ownerName: string;
  /** The student a join request is from. */
  studentName?: string;
}

function bodyOf(event: GroupEvent, { groupName, ownerName, studentName }: EventNames): string {
  switch (event.kind) {
    case 'join-request':
      return `${studentName ?? 'A classmate'} asks to join ${groupName}`;
    case 'request-answer':
      return event.accepted
        ? `You're in! Your request to join ${groupName} was accepted`
        : `Your request to join ${groupName} was declined`;
    case 'invite':
      return `${ownerName} invited you to join ${groupName}`;
    case 'meeting':
      return `${MEETING_CHANGE_LEAD[event.change]}: ${meetingGistText(event.meeting, event.date)}`;
    case 'meeting-reminder': {
      const soon =
        event.minutesBefore % 60 === 0
          ? `${event.minutesBefore / 60} hour${event.minutesBefore === 60 ? '' : 's'}`
          : `${event.minutesBefore} minutes`;
      return `Starts in ${soon}: ${meetingGistText(event.meeting, event.date)}`;
    }
  }
}

/** The event as a notification: titled with the group's name, opening the group's page. */
export function eventNotice(event: GroupEvent, names: EventNames): EventNotice {
  return {
    kind: event.kind,
    groupId: event.groupId,
    title: names.groupName,
    body: bodyOf(event, names),
    url: `/study-group/${event.groupId}`,
  };
}

/** An event and the students it is for. */
export interface AddressedEvent {
  event: GroupEvent;
  to: UserId[];
}

/**
 * What a change of a student's standing with a group tells whom: a new
 * request its owner; an accepted or declined request, and an invite, the
 * student (an invite that accepts a waiting request is an accepted request).
 * The rest (withdrawn, cancelled, an invite answered) tells nobody.
 */
export function standingEvent(
  change: StandingChange,
  write: StandingOutcome['write'],
  group: { id: StudyGroupId; ownerId: UserId },
  studentId: UserId,
): AddressedEvent | null {
  const groupId = group.id;
  const pending = (kind: JoinRequestState['kind']) => typeof write === 'object' && write.kind === kind && write.status === 'pending';
  if (change === 'ask' && pending('request')) return { event: { kind: 'join-request', groupId, studentId }, to: [group.ownerId] };
  if (change === 'invite' && pending('invite')) return { event: { kind: 'invite', groupId }, to: [studentId] };
  if ((change === 'accept-request' || change === 'invite') && write === 'join') {
    return { event: { kind: 'request-answer', groupId, accepted: true }, to: [studentId] };
  }
  if (change === 'decline-request' && typeof write === 'object' && write.status === 'declined') {
    return { event: { kind: 'request-answer', groupId, accepted: false }, to: [studentId] };
  }
  return null;
}
