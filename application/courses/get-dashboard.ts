import type { JoinedCourse } from '@domain/course/course';
import type { UserId } from '@domain/ids';
import type { StudyGroupView } from '@domain/study-group/group-view';
import type { CourseMembership } from '@application/ports/course-membership';
import type { GroupInvitations } from '@application/ports/group-invitations';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import { viewGroups } from '@application/study-groups/group-standings';

export interface DashboardView {
  userId: UserId;
  /** The student's courses with their sections of each, in the order they joined them. */
  courses: JoinedCourse[];
  /** The student's own groups in every course, in the order they joined them. */
  groups: StudyGroupView[];
}

/** The signed-in student's courses and study groups. */
export class GetDashboard {
  constructor(
    private readonly membership: CourseMembership,
    private readonly studyGroups: StudyGroupRepository,
    private readonly invitations: GroupInvitations,
  ) {}

  async execute(userId: UserId): Promise<DashboardView> {
    const [courses, groups] = await Promise.all([this.membership.coursesOf(userId), this.studyGroups.listByMember(userId)]);
    return { userId, courses, groups: await viewGroups(this.invitations, groups, userId) };
  }
}
