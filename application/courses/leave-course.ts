import type { CourseCatalog } from '../ports/course-catalog';
import type { CourseMembership } from '../ports/course-membership';
import type { MembershipChanges } from '../ports/membership-changes';
import { assertActingForSelf, requireCourse, type CourseMembershipCommand } from './course-access';

export class LeaveCourse {
  constructor(
    private readonly catalog: CourseCatalog,
    private readonly membership: CourseMembership,
    private readonly changes: MembershipChanges,
  ) {}

  async execute(command: CourseMembershipCommand): Promise<{ courseId: number; isMember: false }> {
    assertActingForSelf(command.actingUserId, command.requestedUserId);
    await requireCourse(this.catalog, command.courseId);
    await this.membership.leave(command.actingUserId, command.courseId);
    await this.changes.left(command.actingUserId, { kind: 'course', id: command.courseId });
    return { courseId: command.courseId, isMember: false };
  }
}
