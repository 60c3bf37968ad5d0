// A study group as one student is shown it. A private group keeps its people,
// places and times to its members: to anyone else (a classmate in the course)
// it shows its name, description, size and owner's name only, with no member
// list and no meetings. Every answer that carries a group builds it here, so
// no answer can carry a private group's details to an outsider.
import type { MemberProfile } from '@domain/course/course';
import type { UserId } from '@domain/ids';
import { groupSize, isGroupMember, type StudyGroup } from './study-group';

export interface StudyGroupView extends StudyGroup {
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

export function groupAsSeenBy(group: StudyGroup, viewerId: UserId): StudyGroupView {
  const size = groupSize(group);
  if (group.isPublic || isGroupMember(group, viewerId)) return { ...group, size, withheld: false };
  return { ...group, owner: ownerByName(group.owner), members: [], meetings: [], size, withheld: true };
}

/** Every group of a list as the student is shown it, in the same order. */
export function groupsAsSeenBy(groups: StudyGroup[], viewerId: UserId): StudyGroupView[] {
  return groups.map((group) => groupAsSeenBy(group, viewerId));
}
