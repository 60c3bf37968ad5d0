import type { StudyGroup } from '../../domain/study-group/study-group';
import type { StudyGroupRepository } from '../ports/study-group-repository';

/** The student's own groups in every course, for the dashboard. */
export class ListMyStudyGroups {
  constructor(private readonly groups: StudyGroupRepository) {}

  execute(userId: number): Promise<StudyGroup[]> {
    return this.groups.listByMember(userId);
  }
}
