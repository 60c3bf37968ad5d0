import type { StudyGroupId, UserId } from '@domain/ids';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { StandingChanges } from './standing-change';
import { requireOwnedGroup, type OwnerCommand } from './study-group-access';

/** The owner takes back an invite the student has not answered. */
export class CancelInvite {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly standings: StandingChanges,
  ) {}

  async execute(command: OwnerCommand & { studentId: UserId }): Promise<{ groupId: StudyGroupId; studentId: UserId; cancelled: true }> {
    const group = await requireOwnedGroup(this.groups, command);
    await this.standings.apply(group, command.studentId, 'cancel-invite');
    return { groupId: group.id, studentId: command.studentId, cancelled: true };
  }
}
