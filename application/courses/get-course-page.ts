import type { Course, MemberProfile } from '../../domain/course/course';
import type { CourseCatalog } from '../ports/course-catalog';
import type { CourseMembership } from '../ports/course-membership';
import { requireCourse } from './course-access';

export interface CoursePageView {
  course: Course;
  userId: number;
  isMember: boolean;
  /** Classmates, shown to members only. */
  members: MemberProfile[];
}

/** Any signed-in student sees a course's header; only members see who is in it. */
export class GetCoursePage {
  constructor(
    private readonly catalog: CourseCatalog,
    private readonly membership: CourseMembership,
  ) {}

  async execute(userId: number, courseId: number): Promise<CoursePageView> {
    const course = await requireCourse(this.catalog, courseId);
    const isMember = await this.membership.isMember(userId, courseId);
    const members = isMember ? await this.membership.membersOf(courseId) : [];
    return { course, userId, isMember, members };
  }
}
