import type { StudyGroupId, UserId } from '@domain/ids';
import { mayJoin } from '@domain/study-group/group-roles';
import { StudyGroupNotFoundError } from '@domain/study-group/study-group-errors';
import type { EmailVerificationPolicy } from '@application/accounts/email-verification';
import type { CourseMembership } from '@application/ports/course-membership';
import type { MembershipChanges } from '@application/ports/membership-changes';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { GroupChanges } from '@application/ports/group-changes';
import { requireGroup } from './study-group-access';

export interface JoinStudyGroupCommand {
  actingUserId: UserId;
  groupId: StudyGroupId;
}

/** A student of the course joins a public group (joining twice is fine). */
export class JoinStudyGroup {
  constructor(
    private readonly membership: CourseMembership,
    private readonly groups: StudyGroupRepository,
    private readonly verification: EmailVerificationPolicy,
    private readonly changes: MembershipChanges,
    private readonly groupChanges: GroupChanges,
  ) {}

  async execute(command: JoinStudyGroupCommand): Promise<{ groupId: StudyGroupId; isMember: true }> {
    const group = await requireGroup(this.groups, command.groupId);
    await this.verification.requireVerified(command.actingUserId);
    const isCourseMember = await this.membership.isMember(command.actingUserId, group.courseId);
    if (mayJoin(group, command.actingUserId, isCourseMember) === 'join') {
      // The owner may have left alone (deleting the group) since it was read.
      if (!(await this.groups.addMember(group.id, command.actingUserId))) throw new StudyGroupNotFoundError(group.id);
      await this.changes.joined(command.actingUserId, { kind: 'group', id: group.id });
      await this.groupChanges.changed(group);
    }
    return { groupId: group.id, isMember: true };
  }
}
