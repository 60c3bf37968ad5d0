import { ValidationError } from '@domain/errors';
import type { StudyGroupId, UserId } from '@domain/ids';
import type { LeaveOutcome } from '@domain/study-group/group-roles';
import { isGroupMember } from '@domain/study-group/study-group';
import { StudyGroupNotFoundError, UserNotInGroupError } from '@domain/study-group/study-group-errors';
import type { MembershipChanges } from '@application/ports/membership-changes';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { GroupChanges } from '@application/ports/group-changes';
import { requireGroup, requireOwnedGroup } from './study-group-access';

export interface LeaveStudyGroupCommand {
  /** The signed-in student, from the session. */
  actingUserId: UserId;
  groupId: StudyGroupId;
  /** Another member, whom the owner removes. Absent, or the student's own id: the student leaves. */
  memberId?: UserId;
  /** The owner leaving names the next owner (another member); left out: the longest-standing member. */
  nextOwnerId?: UserId;
}

export interface LeaveStudyGroupResult extends LeaveOutcome {
  groupId: StudyGroupId;
  /** Who left (or was removed). */
  userId: UserId;
}

/**
 * A student leaves a group, or its owner removes another member (members
 * cannot remove anyone). An owner's place passes to the member they name,
 * or else to the longest-standing member; an owner alone takes the group with them. Whatever caches room
 * access is told that the student is out.
 */
export class LeaveStudyGroup {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly changes: MembershipChanges,
    private readonly groupChanges: GroupChanges,
  ) {}

  async execute(command: LeaveStudyGroupCommand): Promise<LeaveStudyGroupResult> {
    const { actingUserId, groupId, memberId = actingUserId, nextOwnerId } = command;
    if (memberId !== actingUserId && nextOwnerId !== undefined)
      throw new ValidationError('A next owner is named only by the owner leaving the group.', 'nextOwnerID');
    // Read first for its course, which the course's pages are told about.
    const group =
      memberId === actingUserId
        ? await requireGroup(this.groups, groupId)
        : await requireOwnedGroup(this.groups, { actingUserId, groupId });
    if (memberId !== actingUserId && !isGroupMember(group, memberId)) throw new UserNotInGroupError(memberId);
    const outcome = await this.groups.removeMember(groupId, memberId, nextOwnerId);
    if (!outcome) throw new StudyGroupNotFoundError(groupId);
    if (outcome.wasMember) {
      // The student's polls first (a removed member's ends with the refusal), then the pages of those still in it.
      await this.changes.left(memberId, { kind: 'group', id: groupId });
      await this.groupChanges.changed(group);
    }
    return { ...outcome, groupId, userId: memberId };
  }
}
