import type { JoinedCourse } from '@domain/course/course';
import type { UserId } from '@domain/ids';
import { soonestMeetings, type StudyGroupView, type UpcomingMeeting } from '@domain/study-group/group-view';
import type { Clock } from '@application/ports/clock';
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
  /** The student's next meetings across their groups, soonest first (at most NEXT_MEETINGS_SHOWN). */
  nextMeetings: UpcomingMeeting[];
}

/** A few: the dashboard's "Next meetings" is a glance, the group pages hold the rest. */
const NEXT_MEETINGS_SHOWN = 5;

/** The signed-in student's courses, study groups and next meetings. */
export class GetDashboard {
  constructor(
    private readonly membership: CourseMembership,
    private readonly studyGroups: StudyGroupRepository,
    private readonly invitations: GroupInvitations,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(userId: UserId): Promise<DashboardView> {
    const [courses, groups] = await Promise.all([this.membership.coursesOf(userId), this.studyGroups.listByMember(userId)]);
    const views = await viewGroups(this.invitations, groups, userId, { groups: this.studyGroups, now: new Date(this.now()) });
    return { userId, courses, groups: views, nextMeetings: soonestMeetings(views, NEXT_MEETINGS_SHOWN) };
  }
}
