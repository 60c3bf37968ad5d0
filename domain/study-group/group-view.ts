// A study group as one student is shown it. A private group keeps its people,
// places and times to its members: to anyone else (a classmate in the course)
// it shows its name, description, size and owner's name only, with no member
// list and no meetings. Every answer that carries a group builds it here, so
// no answer can carry a private group's details to an outsider. It also
// carries the viewer's standing: their invite or request (not a member's),
// and the requests waiting for the owner (the owner's alone).
import type { MemberProfile } from '@domain/course/course';
import type { StudyGroupId, UserId } from '@domain/ids';
import { standingAsSeenBy, type GroupStanding, type GroupStandingRow } from './join-requests';
import { groupSize, isGroupMember, type StudyGroup } from './study-group';

export interface StudyGroupView extends StudyGroup, GroupStanding {
  /** The members other than the owner (the product's "size"), whether or not they are listed. */
  size: number;
  /** True when members and meetings are withheld: a private group seen from outside it. */
  withheld: boolean;
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
