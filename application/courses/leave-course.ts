import type { CourseCatalog } from '@application/ports/course-catalog';
import type { CourseMembership } from '@application/ports/course-membership';
import type { MembershipChanges } from '@application/ports/membership-changes';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { GroupChanges } from '@application/ports/group-changes';
import type { CatalogCourse } from '@domain/course/course';
import type { CourseId, UserId } from '@domain/ids';
import { requireNamed, type CourseMembershipCommand } from './course-access';

export interface LeaveCourseResult {
  /** The id sent: a section's or the course's. */
  courseId: CourseId;
  isMember: false;
  course: CatalogCourse;
  /** Still in the course, through another of its sections. */
  inCourse: boolean;
}

/**
 * Leaves a section, or, given the course's own id, the course with every
 * section of it. Leaving the student's last section of a course leaves the
 * course (the client asks first): its chat, its students and the student's
 * groups there. A section the student is not in changes nothing.
 */
export class LeaveCourse {
  constructor(
    private readonly catalog: CourseCatalog,
    private readonly membership: CourseMembership,
    private readonly changes: MembershipChanges,
    private readonly groups: StudyGroupRepository,
    private readonly groupChanges: GroupChanges,
  ) {}

  async execute(command: CourseMembershipCommand): Promise<LeaveCourseResult> {
    const { course, section } = await requireNamed(this.catalog, command.courseId);
    const userId = command.actingUserId;
    const result = (inCourse: boolean): LeaveCourseResult => ({ courseId: command.courseId, isMember: false, course, inCourse });
    if (section) {
      const mine = await this.membership.sectionIdsIn(userId, course.id);
      if (!mine.includes(section.id)) return result(await this.membership.isMember(userId, course.id));
      if (mine.length > 1) {
        await this.membership.leaveSection(userId, section.id);
        return result(true);
      }
    }
    await this.leaveWholeCourse(userId, course.id);
    return result(false);
  }

  private async leaveWholeCourse(userId: UserId, courseId: CourseId): Promise<void> {
    // The course's groups go first (in one transaction, with the owner hand-over):
    // a crash between the two steps leaves a course member outside its groups,
    // never a group member outside the course.
    const outcomes = await this.groups.removeMemberFromCourseGroups(userId, courseId);
    for (const outcome of outcomes) {
      if (!outcome.wasMember) continue;
      await this.changes.left(userId, { kind: 'group', id: outcome.groupId });
      await this.groupChanges.changed({ id: outcome.groupId, courseId });
    }
    await this.membership.leaveCourse(userId, courseId);
    await this.changes.left(userId, { kind: 'course', id: courseId });
  }
}
