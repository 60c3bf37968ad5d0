import type { EmailVerificationPolicy } from '@application/accounts/email-verification';
import type { CatalogCourse } from '@domain/course/course';
import { SectionWithdrawnError } from '@domain/course/course-errors';
import type { CourseId } from '@domain/ids';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { CourseMembership } from '@application/ports/course-membership';
import type { MembershipChanges } from '@application/ports/membership-changes';
import { requireNamed, type CourseMembershipCommand } from './course-access';

export interface JoinCourseResult {
  /** The id sent: a section's or the course's. */
  courseId: CourseId;
  isMember: true;
  /** The course the student is now in. */
  course: CatalogCourse;
}

/**
 * Joins a section, and with it its course; or, given the course's own id, the
 * course without a section. A section UF withdrew takes no new students (its
 * members keep it, and joining again changes nothing).
 */
export class JoinCourse {
  constructor(
    private readonly catalog: CourseCatalog,
    private readonly membership: CourseMembership,
    private readonly verification: EmailVerificationPolicy,
    private readonly changes: MembershipChanges,
  ) {}

  async execute(command: CourseMembershipCommand): Promise<JoinCourseResult> {
    const { course, section } = await requireNamed(this.catalog, command.courseId);
    await this.verification.requireVerified(command.actingUserId);
    if (section) {
      if (section.withdrawn && !(await this.membership.sectionIdsIn(command.actingUserId, course.id)).includes(section.id))
        throw new SectionWithdrawnError(section);
      await this.membership.joinSections(command.actingUserId, [section.id]);
    } else {
      await this.membership.joinCourse(command.actingUserId, course.id);
    }
    await this.changes.joined(command.actingUserId, { kind: 'course', id: course.id });
    return { courseId: command.courseId, isMember: true, course };
  }
}
