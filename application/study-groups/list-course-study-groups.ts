import { isGroupMember, type StudyGroup } from '../../domain/study-group/study-group';
import type { StudyGroupRepository } from '../ports/study-group-repository';

/**
 * Every group of a course, public and private, for the course page (a student
 * outside the course sees them too, but cannot join), and which are the student's.
 */
export class ListCourseStudyGroups {
  constructor(private readonly groups: StudyGroupRepository) {}

  async execute(command: { userId: number; courseId: number }): Promise<{ groups: StudyGroup[]; memberGroupIds: number[] }> {
    const groups = await this.groups.listByCourse(command.courseId);
    return { groups, memberGroupIds: groups.filter((g) => isGroupMember(g, command.userId)).map((g) => g.id) };
  }
}
