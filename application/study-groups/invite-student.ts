import type { MemberProfile } from '@domain/course/course';
import type { StudyGroupId } from '@domain/ids';
import { ClassmateNotFoundError } from '@domain/study-group/join-requests';
import { canonicalName } from '@domain/user/canonical-name';
import type { CourseMembership } from '@application/ports/course-membership';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { UserRepository } from '@application/ports/user-repository';
import type { StandingChanges } from './standing-change';
import { requireOwnedGroup, type OwnerCommand } from './study-group-access';

export interface InviteStudentResult {
  groupId: StudyGroupId;
  student: MemberProfile;
  /** The classmate had asked to join: the invite accepted their request. */
  isMember: boolean;
}

/**
 * The owner invites a classmate (a student of the group's course) by
 * username. An unknown username and a student outside the course are refused
 * alike, so the call tells no more than the course's student list shows.
 */
export class InviteStudent {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly users: UserRepository,
    private readonly membership: CourseMembership,
    private readonly standings: StandingChanges,
  ) {}

  async execute(command: OwnerCommand & { username: string }): Promise<InviteStudentResult> {
    const group = await requireOwnedGroup(this.groups, command);
    const username = command.username.trim();
    const found = username === '' ? null : await this.users.findCredentialsByUsername(canonicalName(username));
    if (!found || !(await this.membership.isMember(found.user.id, group.courseId))) throw new ClassmateNotFoundError(username);
    const { id, firstName, lastName, major, year, bio, emailVerified } = found.user;
    const student: MemberProfile = { id, username: found.user.username, firstName, lastName, major, year, bio, verified: emailVerified };
    const outcome = await this.standings.apply(group, id, 'invite');
    return { groupId: group.id, student, isMember: outcome.isMember };
  }
}
