import type { CourseId, UserId } from '@domain/ids';
import { assertMayCreateIn } from '@domain/study-group/group-roles';
import { groupAsSeenBy, type StudyGroupView } from '@domain/study-group/group-view';
import { normaliseStudyGroupDetails } from '@domain/study-group/study-group-rules';
import type { EmailVerificationPolicy } from '@application/accounts/email-verification';
import { requireCourse } from '@application/courses/course-access';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { Clock } from '@application/ports/clock';
import type { CourseMembership } from '@application/ports/course-membership';
import type { MembershipChanges } from '@application/ports/membership-changes';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { GroupChanges } from '@application/ports/group-changes';

export interface CreateStudyGroupCommand {
  /** The signed-in student, who will own the group. */
  actingUserId: UserId;
  courseId: CourseId;
  name: string;
  description: string;
}

/**
 * A course member starts a group in the course and owns it; new groups are
 * public. The repository refuses a student past their group limits.
 */
export class CreateStudyGroup {
  constructor(
    private readonly catalog: CourseCatalog,
    private readonly membership: CourseMembership,
    private readonly groups: StudyGroupRepository,
    private readonly verification: EmailVerificationPolicy,
    private readonly changes: MembershipChanges,
    private readonly groupChanges: GroupChanges,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: CreateStudyGroupCommand): Promise<StudyGroupView> {
    // A section's id stands for its course: groups belong to the course.
    const courseId = (await requireCourse(this.catalog, command.courseId)).id;
    await this.verification.requireVerified(command.actingUserId);
    assertMayCreateIn(await this.membership.isMember(command.actingUserId, courseId));
    const details = normaliseStudyGroupDetails(command);
    const group = await this.groups.create({ ...details, courseId, ownerId: command.actingUserId, isPublic: true }, new Date(this.now()));
    // A refusal of the new group's id remembered for its owner (a poll that named it before it existed) goes.
    await this.changes.joined(command.actingUserId, { kind: 'group', id: group.id });
    // The course's pages list the new group.
    await this.groupChanges.changed(group);
    return groupAsSeenBy(group, command.actingUserId);
  }
}
