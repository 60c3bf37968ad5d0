import type { StudyGroupId, UserId } from '@domain/ids';
import { GroupIsPublicError, type JoinRequestState } from '@domain/study-group/join-requests';
import { isGroupMember } from '@domain/study-group/study-group';
import { NotCourseMemberError } from '@domain/study-group/study-group-errors';
import type { EmailVerificationPolicy } from '@application/accounts/email-verification';
import type { CourseMembership } from '@application/ports/course-membership';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { StandingChanges } from './standing-change';
import { requireGroup } from './study-group-access';

export interface StandingResult {
  groupId: StudyGroupId;
  isMember: boolean;
  joinRequest: JoinRequestState | null;
}

/**
 * A student of the course asks to join a private group (a public one they
 * join instead). An invite from the owner waiting for them: asking accepts
 * it. A request the owner declined stays declined: they cannot ask again.
 */
export class RequestToJoin {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly membership: CourseMembership,
    private readonly verification: EmailVerificationPolicy,
    private readonly standings: StandingChanges,
  ) {}

  async execute(command: { actingUserId: UserId; groupId: StudyGroupId }): Promise<StandingResult> {
    const group = await requireGroup(this.groups, command.groupId);
    if (isGroupMember(group, command.actingUserId)) return { groupId: group.id, isMember: true, joinRequest: null };
    await this.verification.requireVerified(command.actingUserId);
    if (!(await this.membership.isMember(command.actingUserId, group.courseId))) throw new NotCourseMemberError();
    if (group.isPublic) throw new GroupIsPublicError();
    const outcome = await this.standings.apply(group, command.actingUserId, 'ask');
    return { groupId: group.id, isMember: outcome.isMember, joinRequest: outcome.joinRequest };
  }
}
