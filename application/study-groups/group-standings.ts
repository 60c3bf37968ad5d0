// Groups as one student is shown them, with their standing with each: read
// for a whole page of groups at once (one read, not one per group).
import type { UserId } from '@domain/ids';
import { groupsAsSeenBy, type StudyGroupView } from '@domain/study-group/group-view';
import type { StudyGroup } from '@domain/study-group/study-group';
import type { GroupInvitations } from '@application/ports/group-invitations';

export async function viewGroups(invitations: GroupInvitations, groups: StudyGroup[], viewerId: UserId): Promise<StudyGroupView[]> {
  if (groups.length === 0) return [];
  const owned = groups.filter((group) => group.owner.id === viewerId).map((group) => group.id);
  const standings = await invitations.standings(
    viewerId,
    groups.map((group) => group.id),
    owned,
  );
  return groupsAsSeenBy(groups, viewerId, standings);
}

export async function viewGroup(invitations: GroupInvitations, group: StudyGroup, viewerId: UserId): Promise<StudyGroupView> {
  return (await viewGroups(invitations, [group], viewerId))[0];
}
