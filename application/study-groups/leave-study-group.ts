import type { Departure } from '../../domain/study-group/group-roles';
import { StudyGroupNotFoundError } from '../../domain/study-group/study-group-errors';
import type { MembershipChanges } from '../ports/membership-changes';
import type { StudyGroupRepository } from '../ports/study-group-repository';

export interface GroupDepartureResult extends Departure {
  groupId: number;
  userId: number;
}

/** Runs a departure and tells whatever caches room access that the student is out. */
export async function depart(
  groups: StudyGroupRepository,
  changes: MembershipChanges,
  groupId: number,
  userId: number,
): Promise<GroupDepartureResult> {
  const departure = await groups.removeMember(groupId, userId);
  if (!departure) throw new StudyGroupNotFoundError(groupId);
  if (departure.wasMember) await changes.left(userId, { kind: 'group', id: groupId });
  return { ...departure, groupId, userId };
}

/**
 * The signed-in student leaves a group. An owner's place passes to the
 * longest-standing member; an owner alone takes the group with them.
 */
export class LeaveStudyGroup {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly changes: MembershipChanges,
  ) {}

  execute(command: { actingUserId: number; groupId: number }): Promise<GroupDepartureResult> {
    return depart(this.groups, this.changes, command.groupId, command.actingUserId);
  }
}
