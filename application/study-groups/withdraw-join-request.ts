import type { StudyGroupId, UserId } from '@domain/ids';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { StandingChanges } from './standing-change';
import { requireGroup } from './study-group-access';

/** The asker takes back their pending request (none pending: nothing changes; a declined one stays). */
export class WithdrawJoinRequest {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly standings: StandingChanges,
  ) {}

  async execute(command: { actingUserId: UserId; groupId: StudyGroupId }): Promise<{ groupId: StudyGroupId; joinRequest: null }> {
    const group = await requireGroup(this.groups, command.groupId);
    await this.standings.apply(group, command.actingUserId, 'withdraw');
    return { groupId: group.id, joinRequest: null };
  }
}
