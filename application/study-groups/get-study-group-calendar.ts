import type { StudyGroupId, UserId } from '@domain/ids';
import type { StudyGroup } from '@domain/study-group/study-group';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import { requireMemberGroup } from './study-group-access';

/** A group's meetings for its calendar file, for its members only. */
export class GetStudyGroupCalendar {
  constructor(private readonly groups: StudyGroupRepository) {}

  execute(command: { actingUserId: UserId; groupId: StudyGroupId }): Promise<StudyGroup> {
    return requireMemberGroup(this.groups, command.groupId, command.actingUserId);
  }
}
