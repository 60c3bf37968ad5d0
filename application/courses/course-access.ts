// Checks shared by the course use cases.
import type { Course } from '../../domain/course/course';
import { CourseNotFoundError } from '../../domain/course/course-errors';
import { ForbiddenError } from '../../domain/errors';
import type { CourseCatalog } from '../ports/course-catalog';

/** A user id named by a request must be the signed-in student's own. */
export function assertActingForSelf(actingUserId: number, requestedUserId: number | undefined): void {
  if (requestedUserId !== undefined && requestedUserId !== actingUserId) throw new ForbiddenError();
}

export async function requireCourse(catalog: CourseCatalog, courseId: number): Promise<Course> {
  const course = await catalog.findById(courseId);
  if (!course) throw new CourseNotFoundError(courseId);
  return course;
}

export interface CourseMembershipCommand {
  /** The signed-in student, from the session. */
  actingUserId: number;
  /** The id the request named, if any. */
  requestedUserId?: number;
  courseId: number;
}
