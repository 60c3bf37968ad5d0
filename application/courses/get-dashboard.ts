import type { JoinedCourse } from '@domain/course/course';
import type { UserId } from '@domain/ids';
import { groupsAsSeenBy, type StudyGroupView } from '@domain/study-group/group-view';
import type { CourseMembership } from '@application/ports/course-membership';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';

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
  ) {}

  async execute(userId: UserId): Promise<DashboardView> {
    const [courses, groups] = await Promise.all([this.membership.coursesOf(userId), this.studyGroups.listByMember(userId)]);
    return { userId, courses, groups: groupsAsSeenBy(groups, userId) };
  }
}
