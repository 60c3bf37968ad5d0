import { assertGroupMember } from '../../domain/study-group/group-roles';
import type { StudyGroup } from '../../domain/study-group/study-group';
import type { StudyGroupRepository } from '../ports/study-group-repository';
import { requireGroup } from './study-group-access';

/** A group with its members and meetings, for its members only (the page and its calendar). */
export class GetStudyGroupPage {
  constructor(private readonly groups: StudyGroupRepository) {}

  async execute(command: { actingUserId: number; groupId: number }): Promise<{ userId: number; group: StudyGroup }> {
    const group = await requireGroup(this.groups, command.groupId);
    assertGroupMember(group, command.actingUserId);
    return { userId: command.actingUserId, group };
  }
}
