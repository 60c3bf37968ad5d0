import type { StudyGroupId, UserId } from '@domain/ids';
import { NotCourseMemberError } from '@domain/study-group/study-group-errors';
import type { CourseMembership } from '@application/ports/course-membership';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { StandingChanges } from './standing-change';
import { requireOwnedGroup, type OwnerCommand } from './study-group-access';

export interface AnswerJoinRequestCommand extends OwnerCommand {
  /** The student who asked. */
  studentId: UserId;
  accept: boolean;
}

/**
 * The owner accepts a request (the student joins, within the size limits) or
 * declines it (it stays declined: the student cannot ask again, the owner can
 * still invite them).
 */
export class AnswerJoinRequest {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly membership: CourseMembership,
    private readonly standings: StandingChanges,
  ) {}

  async execute(command: AnswerJoinRequestCommand): Promise<{ groupId: StudyGroupId; studentId: UserId; isMember: boolean }> {
    const group = await requireOwnedGroup(this.groups, command);
    if (command.accept && !(await this.membership.isMember(command.studentId, group.courseId)))
      throw new NotCourseMemberError('This student is no longer in the course, so they cannot join its groups.');
    const outcome = await this.standings.apply(group, command.studentId, command.accept ? 'accept-request' : 'decline-request');
    return { groupId: group.id, studentId: command.studentId, isMember: outcome.isMember };
  }
}
