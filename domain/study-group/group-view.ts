// A study group as one student is shown it. A private group keeps its people,
// places and times to its members: to anyone else (a classmate in the course)
// it shows its name, description, size and owner's name only, with no member
// list and no meetings. Every answer that carries a group builds it here, so
// no answer can carry a private group's details to an outsider. It also
// carries the viewer's standing: their invite or request (not a member's),
// and the requests waiting for the owner (the owner's alone).
import type { MemberProfile } from '@domain/course/course';
import type { MeetingId, StudyGroupId, UserId } from '@domain/ids';
import { standingAsSeenBy, type GroupStanding, type GroupStandingRow } from './join-requests';
import { compareNext, nextOccurrenceWithAnswers, type MeetingAnswer, type NextOccurrence } from './meeting-answers';
import { groupSize, isGroupMember, type Meeting, type StudyGroup } from './study-group';

export interface StudyGroupView extends StudyGroup, GroupStanding {
  /** The members other than the owner (the product's "size"), whether or not they are listed. */
  size: number;
  /** True when members and meetings are withheld: a private group seen from outside it. */
  withheld: boolean;
  /**
   * Each meeting's next occurrence (null: none left) with who is coming, when
   * read (withUpcoming); who is coming is for members only: empty for others.
   */
  upcoming?: ReadonlyMap<MeetingId, NextOccurrence | null>;
}

/** What an outsider may know of a private group's owner: who they are by name, nothing of their profile. */
function ownerByName(owner: MemberProfile): MemberProfile {
  return {
    id: owner.id,
    username: owner.username,
    firstName: owner.firstName,
    lastName: owner.lastName,
    major: '',
    year: '',
    bio: '',
    verified: owner.verified,
  };
}

/** The group as the viewer is shown it; `standing`: what was read of their standing with it (none read: none shown). */
export function groupAsSeenBy(group: StudyGroup, viewerId: UserId, standing?: GroupStandingRow): StudyGroupView {
  const size = groupSize(group);
  const seen = standingAsSeenBy(group, viewerId, standing);
  if (group.isPublic || isGroupMember(group, viewerId)) return { ...group, ...seen, size, withheld: false };
  return { ...group, ...seen, owner: ownerByName(group.owner), members: [], meetings: [], size, withheld: true };
}

/** Every group of a list as the student is shown it, in the same order. */
export function groupsAsSeenBy(groups: StudyGroup[], viewerId: UserId, standings?: Map<StudyGroupId, GroupStandingRow>): StudyGroupView[] {
  return groups.map((group) => groupAsSeenBy(group, viewerId, standings?.get(group.id)));
}

/** The view with each meeting's next occurrence and, for a member, the answers that hold for it. */
export function withUpcoming(view: StudyGroupView, answers: MeetingAnswer[], viewerId: UserId, now: Date): StudyGroupView {
  const member = isGroupMember(view, viewerId);
  const memberIds = member ? view.members.map((m) => m.id) : [];
  const own = member ? answers : [];
  return {
    ...view,
    upcoming: new Map(view.meetings.map((meeting) => [meeting.id, nextOccurrenceWithAnswers(meeting, own, memberIds, viewerId, now)])),
  };
}

/** One upcoming meeting of one of a student's groups. */
export interface UpcomingMeeting {
  group: StudyGroupView;
  meeting: Meeting;
  next: NextOccurrence;
}

/** The student's next meetings across the groups (views read withUpcoming), soonest first, at most `limit`. */
export function soonestMeetings(views: StudyGroupView[], limit: number): UpcomingMeeting[] {
  const all: UpcomingMeeting[] = [];
  for (const group of views) {
    for (const meeting of group.meetings) {
      const next = group.upcoming?.get(meeting.id);
      if (next) all.push({ group, meeting, next });
    }
  }
  return all
    .sort((a, b) => compareNext({ date: a.next.date, time: a.meeting.time }, { date: b.next.date, time: b.meeting.time }))
    .slice(0, limit);
}
