import {
  cardSectionCount,
  orderSections,
  pageCount,
  toCourseQuery,
  type CourseFilters,
  type CourseGroup,
} from '@domain/course/course-search';
import type { CourseId, UserId } from '@domain/ids';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { CourseMembership } from '@application/ports/course-membership';

export interface SearchCoursesCommand extends CourseFilters {
  userId: UserId;
  page: number;
}

/** A course as its card shows it: its first sections only, how many match, and which are the student's. */
export interface CourseCard extends CourseGroup {
  /**
   * The first matching sections in the card's order (the student's own, the
   * search's most specific, then by class number): five, or all of six or
   * fewer; none for a course without published sections.
   */
  sections: CourseGroup['sections'];
  /** Every matching section of the course; ListCourseSections lists them. */
  sectionCount: number;
  /** The student's sections of the course, whether the search matches them or not, in the order they joined them. */
  memberSectionIds: CourseId[];
}

export interface SearchCoursesResult {
  /** At most one page (10) of courses. */
  courses: CourseCard[];
  /** The student's sections and courses (one id space). */
  userCourseIds: CourseId[];
  /** Matching courses. */
  total: number;
  page: number;
  pageCount: number;
}

/**
 * One page of matching courses; a page past the end is clamped to the last.
 * A course can have a hundred sections: its card carries the first few, so
 * the page stays light, and "Show all" asks ListCourseSections for the rest.
 */
export class SearchCourses {
  constructor(
    private readonly catalog: CourseCatalog,
    private readonly membership: Pick<CourseMembership, 'courseIdsOf' | 'sectionIdsOf'>,
  ) {}

  async execute(command: SearchCoursesCommand): Promise<SearchCoursesResult> {
    const query = toCourseQuery(command);
    const [{ courses, total, page }, userCourseIds] = await Promise.all([
      this.catalog.search(query, command.page),
      this.membership.courseIdsOf(command.userId),
    ]);
    const mine = new Set(userCourseIds);
    // Only a course the student is in can hold sections of theirs; the search may not match them all (or a withdrawn one), so they are asked for, once for the page.
    const theirs = courses.some((course) => mine.has(course.id)) ? await this.membership.sectionIdsOf(command.userId) : [];
    const cards = courses.map((course): CourseCard => {
      const ordered = orderSections(course.sections, query, mine);
      return {
        ...course,
        sections: ordered.slice(0, cardSectionCount(ordered.length)),
        sectionCount: ordered.length,
        memberSectionIds: theirs.filter((s) => s.courseId === course.id).map((s) => s.id),
      };
    });
    return { courses: cards, userCourseIds, total, page, pageCount: pageCount(total) };
  }
}
