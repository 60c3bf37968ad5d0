import type { EmailVerificationPolicy } from '../accounts/email-verification';
import type { CourseCatalog } from '../ports/course-catalog';
import type { CourseMembership } from '../ports/course-membership';
import { requireCourse, type CourseMembershipCommand } from './course-access';

export class JoinCourse {
  constructor(
    private readonly catalog: CourseCatalog,
    private readonly membership: CourseMembership,
    private readonly verification: EmailVerificationPolicy,
  ) {}

  async execute(command: CourseMembershipCommand): Promise<{ courseId: number; isMember: true }> {
    await requireCourse(this.catalog, command.courseId);
    await this.verification.requireVerified(command.actingUserId);
    await this.membership.join(command.actingUserId, command.courseId);
    return { courseId: command.courseId, isMember: true };
  }
}
