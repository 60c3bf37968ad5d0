import type { EmailVerificationPolicy } from '@application/accounts/email-verification';
import { SectionWithdrawnError } from '@domain/course/course-errors';
import type { CourseId } from '@domain/ids';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { CourseMembership } from '@application/ports/course-membership';
import type { MembershipChanges } from '@application/ports/membership-changes';
import { requireCourse, type CourseMembershipCommand } from './course-access';

/** Joins a section; one UF withdrew takes no new students (its members keep it, and joining again changes nothing). */
export class JoinCourse {
  constructor(
    private readonly catalog: CourseCatalog,
    private readonly membership: CourseMembership,
    private readonly verification: EmailVerificationPolicy,
    private readonly changes: MembershipChanges,
  ) {}

  async execute(command: CourseMembershipCommand): Promise<{ courseId: CourseId; isMember: true }> {
    const course = await requireCourse(this.catalog, command.courseId);
    await this.verification.requireVerified(command.actingUserId);
    if (course.withdrawn && !(await this.membership.isMember(command.actingUserId, command.courseId)))
      throw new SectionWithdrawnError(course);
    await this.membership.join(command.actingUserId, command.courseId);
    await this.changes.joined(command.actingUserId, { kind: 'course', id: command.courseId });
    return { courseId: command.courseId, isMember: true };
  }
}
