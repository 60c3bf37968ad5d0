// Groups as one student is shown them, with their standing with each: read
// for a whole page of groups at once (one read, not one per group).
import type { UserId } from '@domain/ids';
import { groupsAsSeenBy, withUpcoming, type StudyGroupView } from '@domain/study-group/group-view';
import { campusDate } from '@domain/study-group/meeting-plan';
import { isGroupMember, type StudyGroup } from '@domain/study-group/study-group';
import type { GroupInvitations } from '@application/ports/group-invitations';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';

/** Where the answers for the groups' meetings are read, and the time their next occurrences are counted from. */
export interface UpcomingSource {
  groups: StudyGroupRepository;
  now: Date;
}

/**
 * The groups with each meeting's next occurrence and who is coming: the
 * answers of every group the viewer is a member of, in one read.
 */
async function withNextMeetings(views: StudyGroupView[], viewerId: UserId, { groups, now }: UpcomingSource): Promise<StudyGroupView[]> {
  const memberGroups = views.filter((view) => view.meetings.length > 0 && isGroupMember(view, viewerId)).map((view) => view.id);
  // From yesterday: an occurrence under way may have started then.
  const yesterday = campusDate(new Date(now.getTime() - 86_400_000));
  const answers = memberGroups.length > 0 ? await groups.meetingAnswers(memberGroups, yesterday) : [];
  return views.map((view) => withUpcoming(view, answers, viewerId, now));
}

export async function viewGroups(
  invitations: GroupInvitations,
  groups: StudyGroup[],
  viewerId: UserId,
  upcoming?: UpcomingSource,
): Promise<StudyGroupView[]> {
  if (groups.length === 0) return [];
  const owned = groups.filter((group) => group.owner.id === viewerId).map((group) => group.id);
  const standings = await invitations.standings(
    viewerId,
    groups.map((group) => group.id),
    owned,
  );
  const views = groupsAsSeenBy(groups, viewerId, standings);
  return upcoming ? withNextMeetings(views, viewerId, upcoming) : views;
}

export async function viewGroup(
  invitations: GroupInvitations,
  group: StudyGroup,
  viewerId: UserId,
  upcoming?: UpcomingSource,
): Promise<StudyGroupView> {
  return (await viewGroups(invitations, [group], viewerId, upcoming))[0];
}
