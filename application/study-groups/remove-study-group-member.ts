import { isGroupMember } from '../../domain/study-group/study-group';
import { UserNotInGroupError } from '../../domain/study-group/study-group-errors';
import type { MembershipChanges } from '../ports/membership-changes';
import type { StudyGroupRepository } from '../ports/study-group-repository';
import { depart, type GroupDepartureResult } from './leave-study-group';
import { requireOwnedGroup } from './study-group-access';

export interface RemoveStudyGroupMemberCommand {
  actingUserId: number;
  groupId: number;
  /** The member to remove. */
  memberId: number;
}

/** The owner removes another member; members cannot remove anyone. */
export class RemoveStudyGroupMember {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly changes: MembershipChanges,
  ) {}

  async execute(command: RemoveStudyGroupMemberCommand): Promise<GroupDepartureResult> {
    const group = await requireOwnedGroup(this.groups, { actingUserId: command.actingUserId, groupId: command.groupId });
    if (!isGroupMember(group, command.memberId)) throw new UserNotInGroupError(command.memberId);
    return depart(this.groups, this.changes, group.id, command.memberId);
  }
}
