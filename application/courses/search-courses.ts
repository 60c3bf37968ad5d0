import { pageCount, toCourseQuery, type CourseFilters, type CourseGroup } from '../../domain/course/course-search';
import type { CourseCatalog } from '../ports/course-catalog';
import type { CourseMembership } from '../ports/course-membership';

export interface SearchCoursesCommand extends CourseFilters {
  userId: number;
  page: number;
}

export interface SearchCoursesResult {
  /** At most one page (10) of courses, each with its matching sections. */
  courses: CourseGroup[];
  userCourseIds: number[];
  /** Matching courses. */
  total: number;
  page: number;
  pageCount: number;
}

/** One page of matching courses; a page past the end is clamped to the last. */
export class SearchCourses {
  constructor(
    private readonly catalog: CourseCatalog,
    private readonly membership: CourseMembership,
  ) {}

  async execute(command: SearchCoursesCommand): Promise<SearchCoursesResult> {
    const [{ courses, total, page }, userCourseIds] = await Promise.all([
      this.catalog.search(toCourseQuery(command), command.page),
      this.membership.courseIdsOf(command.userId),
    ]);
    return { courses, userCourseIds, total, page, pageCount: pageCount(total) };
  }
}
