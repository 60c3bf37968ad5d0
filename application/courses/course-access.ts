// Checks shared by the course use cases.
import type { CatalogCourse, Course } from '@domain/course/course';
import { CourseNotFoundError } from '@domain/course/course-errors';
import type { CourseId, UserId } from '@domain/ids';
import type { CourseCatalog } from '@application/ports/course-catalog';

/** What a courseID names: a course, or one of its sections (then with the section). */
export interface NamedCourse {
  course: CatalogCourse;
  section: Course | null;
}

/** The course or section an id names; 404 when it names neither. */
export async function requireNamed(catalog: CourseCatalog, id: CourseId): Promise<NamedCourse> {
  const named = await catalog.findCourse(id);
  if (!named) throw new CourseNotFoundError(id);
  return named;
}

/** The course an id names (its own, or its section's); 404 when it names neither. */
export async function requireCourse(catalog: CourseCatalog, id: CourseId): Promise<CatalogCourse> {
  return (await requireNamed(catalog, id)).course;
}

export interface CourseMembershipCommand {
  /** The signed-in student, from the session. */
  actingUserId: UserId;
  /** A course's id, or one of its sections'. */
  courseId: CourseId;
}
