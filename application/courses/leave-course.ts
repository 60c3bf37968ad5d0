import type { CourseCatalog } from '@application/ports/course-catalog';
import type { CourseMembership } from '@application/ports/course-membership';
import type { MembershipChanges } from '@application/ports/membership-changes';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { CourseId } from '@domain/ids';
import { requireCourse, type CourseMembershipCommand } from './course-access';

export class LeaveCourse {
  constructor(
    private readonly catalog: CourseCatalog,
    private readonly membership: CourseMembership,
    private readonly changes: MembershipChanges,
    private readonly groups: StudyGroupRepository,
  ) {}

  async execute(command: CourseMembershipCommand): Promise<{ courseId: CourseId; isMember: false }> {
    await requireCourse(this.catalog, command.courseId);
    // The course's groups go first (in one transaction, with the owner hand-over):
    // a crash between the two steps leaves a course member outside its groups,
    // never a group member outside the course.
    const outcomes = await this.groups.removeMemberFromCourseGroups(command.actingUserId, command.courseId);
    for (const outcome of outcomes) {
      if (outcome.wasMember) await this.changes.left(command.actingUserId, { kind: 'group', id: outcome.groupId });
    }
    await this.membership.leave(command.actingUserId, command.courseId);
    await this.changes.left(command.actingUserId, { kind: 'course', id: command.courseId });
    return { courseId: command.courseId, isMember: false };
  }
}
