import type { StudyGroupId, UserId } from '@domain/ids';
import { isGroupMember } from '@domain/study-group/study-group';
import { NotCourseMemberError } from '@domain/study-group/study-group-errors';
import type { EmailVerificationPolicy } from '@application/accounts/email-verification';
import type { CourseMembership } from '@application/ports/course-membership';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { StandingChanges } from './standing-change';
import { requireGroup } from './study-group-access';

/** The invited student accepts (joins, private group or not, within the size limits) or declines (the invite goes). */
export class AnswerInvite {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly membership: CourseMembership,
    private readonly verification: EmailVerificationPolicy,
    private readonly standings: StandingChanges,
  ) {}

  async execute(command: {
    actingUserId: UserId;
    groupId: StudyGroupId;
    accept: boolean;
  }): Promise<{ groupId: StudyGroupId; isMember: boolean }> {
    const group = await requireGroup(this.groups, command.groupId);
    if (command.accept && !isGroupMember(group, command.actingUserId)) {
      await this.verification.requireVerified(command.actingUserId);
      if (!(await this.membership.isMember(command.actingUserId, group.courseId))) throw new NotCourseMemberError();
    }
    const outcome = await this.standings.apply(group, command.actingUserId, command.accept ? 'accept-invite' : 'decline-invite');
    return { groupId: group.id, isMember: outcome.isMember };
  }
}
