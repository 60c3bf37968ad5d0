// Checks shared by the course use cases.
import type { Course } from '@domain/course/course';
import { CourseNotFoundError } from '@domain/course/course-errors';
import type { CourseId, UserId } from '@domain/ids';
import type { CourseCatalog } from '@application/ports/course-catalog';

export async function requireCourse(catalog: CourseCatalog, courseId: CourseId): Promise<Course> {
  const course = await catalog.findById(courseId);
  if (!course) throw new CourseNotFoundError(courseId);
  return course;
}

export interface CourseMembershipCommand {
  /** The signed-in student, from the session. */
  actingUserId: UserId;
  courseId: CourseId;
}
