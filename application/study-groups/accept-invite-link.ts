import type { CourseId, StudyGroupId, UserId } from '@domain/ids';
import { assertLinkWorks, InviteLinkInvalidError } from '@domain/study-group/invite-links';
import { isGroupMember } from '@domain/study-group/study-group';
import type { EmailVerificationPolicy } from '@application/accounts/email-verification';
import type { Clock } from '@application/ports/clock';
import type { CourseMembership } from '@application/ports/course-membership';
import type { GroupInvitations } from '@application/ports/group-invitations';
import type { MembershipChanges } from '@application/ports/membership-changes';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { GroupChanges } from '@application/ports/group-changes';

export interface AcceptInviteLinkResult {
  groupId: StudyGroupId;
  courseId: CourseId;
  isMember: true;
  /** The student was not in the course and now is (at course level). */
  joinedCourse: boolean;
}

/**
 * A signed-in student joins through an invite link: the group (using the link
 * once, atomically), then its course at course level if they were not in it.
 * The group comes first so that a student the link turns away (used up by
 * someone quicker) is not left in a course they did not ask for.
 */
export class AcceptInviteLink {
  constructor(
    private readonly invitations: GroupInvitations,
    private readonly groups: StudyGroupRepository,
    private readonly membership: CourseMembership,
    private readonly verification: EmailVerificationPolicy,
    private readonly changes: MembershipChanges,
    private readonly groupChanges: GroupChanges,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: { actingUserId: UserId; token: string }): Promise<AcceptInviteLinkResult> {
    const { actingUserId: userId, token } = command;
    const link = await this.invitations.findLink(token);
    const group = link && (await this.groups.findById(link.groupId));
    if (!group) throw new InviteLinkInvalidError('unknown');
    const answer = { groupId: group.id, courseId: group.courseId, isMember: true as const };
    // A member opening the link again: nothing joined, the link not used (whether or not it still works); only the
    // course is seen to, should an earlier try have stopped between the group and the course.
    if (isGroupMember(group, userId)) return { ...answer, joinedCourse: await this.joinCourseIfOut(userId, group.courseId) };
    assertLinkWorks(link, new Date(this.now()));
    await this.verification.requireVerified(userId);
    const { joined } = await this.invitations.joinThroughLink(token, userId, new Date(this.now()));
    if (joined) {
      await this.changes.joined(userId, { kind: 'group', id: group.id });
      await this.groupChanges.changed(group);
    }
    const joinedCourse = await this.joinCourseIfOut(userId, group.courseId);
    return { ...answer, joinedCourse };
  }

  /** Joins the course at course level when the student is not in it; true when they were not. */
  private async joinCourseIfOut(userId: UserId, courseId: CourseId): Promise<boolean> {
    if (await this.membership.isMember(userId, courseId)) return false;
    await this.membership.joinCourse(userId, courseId);
    await this.changes.joined(userId, { kind: 'course', id: courseId });
    return true;
  }
}
