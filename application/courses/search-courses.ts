import { clampPage, pageCount, toCourseQuery, type CourseFilters } from '../../domain/course/course-search';
import type { Course } from '../../domain/course/course';
import type { CourseCatalog } from '../ports/course-catalog';
import type { CourseMembership } from '../ports/course-membership';

export interface SearchCoursesCommand extends CourseFilters {
  userId: number;
  page: number;
}

export interface SearchCoursesResult {
  courses: Course[];
  userCourseIds: number[];
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
    const query = toCourseQuery(command);
    const [total, userCourseIds] = await Promise.all([
      this.catalog.count(query),
      this.membership.courseIdsOf(command.userId),
    ]);
    const pages = pageCount(total);
    const page = clampPage(command.page, pages);
    const { courses } = total === 0 ? { courses: [] } : await this.catalog.search(query, page);
    return { courses, userCourseIds, total, page, pageCount: pages };
  }
}
