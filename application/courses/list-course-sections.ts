// "Show all N sections" on a search card: every section of the card's course
// that matches the same search, in the card's order.
import type { Course } from '@domain/course/course';
import { CourseNotFoundError } from '@domain/course/course-errors';
import { orderSections, toCourseQuery, type CourseFilters } from '@domain/course/course-search';
import type { CourseId, UserId } from '@domain/ids';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { CourseMembership } from '@application/ports/course-membership';

export interface ListCourseSectionsCommand extends CourseFilters {
  userId: UserId;
  /** The course's id, or any of its sections' (a card's). */
  courseId: CourseId;
}

export class ListCourseSections {
  constructor(
    private readonly catalog: CourseCatalog,
    private readonly membership: CourseMembership,
  ) {}

  async execute(command: ListCourseSectionsCommand): Promise<{ courseId: CourseId; sections: Course[] }> {
    const query = toCourseQuery(command);
    const [sections, userCourseIds] = await Promise.all([
      this.catalog.courseSections(command.courseId, query),
      this.membership.courseIdsOf(command.userId),
    ]);
    if (!sections) throw new CourseNotFoundError(command.courseId);
    return { courseId: command.courseId, sections: orderSections(sections, query, new Set(userCourseIds)) };
  }
}
