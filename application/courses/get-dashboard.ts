import type { Course } from '../../domain/course/course';
import type { CourseMembership } from '../ports/course-membership';

/** The signed-in student's courses, in the order they joined them. */
export class GetDashboard {
  constructor(private readonly membership: CourseMembership) {}

  async execute(userId: number): Promise<{ userId: number; courses: Course[] }> {
    return { userId, courses: await this.membership.coursesOf(userId) };
  }
}
