// Checks shared by the study-group use cases.
import type { StudyGroupId, UserId } from '@domain/ids';
import { assertGroupMember, assertGroupOwner } from '@domain/study-group/group-roles';
import type { StudyGroup } from '@domain/study-group/study-group';
import { StudyGroupNotFoundError } from '@domain/study-group/study-group-errors';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';

export async function requireGroup(groups: StudyGroupRepository, groupId: StudyGroupId): Promise<StudyGroup> {
  const group = await groups.findById(groupId);
  if (!group) throw new StudyGroupNotFoundError(groupId);
  return group;
}

/** The group, once the acting student is known to be one of its members. */
export async function requireMemberGroup(groups: StudyGroupRepository, groupId: StudyGroupId, actingUserId: UserId): Promise<StudyGroup> {
  const group = await requireGroup(groups, groupId);
  assertGroupMember(group, actingUserId);
  return group;
}

/** A command only the group's owner may give. */
export interface OwnerCommand {
  /** The signed-in student, from the session. */
  actingUserId: UserId;
  groupId: StudyGroupId;
}

/** The group, once the acting student is known to own it. */
export async function requireOwnedGroup(groups: StudyGroupRepository, command: OwnerCommand): Promise<StudyGroup> {
  const group = await requireGroup(groups, command.groupId);
  assertGroupOwner(group, command.actingUserId);
  return group;
}
