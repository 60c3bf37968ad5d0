// The one way a use case changes a student's standing with a group: the
// adapter plans it under its locks (planStandingChange) and writes it; a
// student it adds to the group is announced like any joiner, so chat access
// caches learn the new member at once.
import type { StudyGroupId, UserId } from '@domain/ids';
import type { StandingChange, StandingOutcome } from '@domain/study-group/join-requests';
import { StudyGroupNotFoundError } from '@domain/study-group/study-group-errors';
import type { Clock } from '@application/ports/clock';
import type { GroupInvitations } from '@application/ports/group-invitations';
import type { MembershipChanges } from '@application/ports/membership-changes';

export class StandingChanges {
  constructor(
    private readonly invitations: GroupInvitations,
    private readonly changes: MembershipChanges,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async apply(groupId: StudyGroupId, studentId: UserId, change: StandingChange): Promise<StandingOutcome> {
    // The owner may have left alone (deleting the group) since it was read.
    const outcome = await this.invitations.changeStanding(groupId, studentId, change, new Date(this.now()));
    if (!outcome) throw new StudyGroupNotFoundError(groupId);
    if (outcome.write === 'join') await this.changes.joined(studentId, { kind: 'group', id: groupId });
    return outcome;
  }
}
