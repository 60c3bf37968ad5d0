import { termsToOffer } from '@domain/course/term';
import type { UserId } from '@domain/ids';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { CourseMembership } from '@application/ports/course-membership';
import { SearchCourses, type SearchCoursesResult } from './search-courses';

export interface SearchPageView extends SearchCoursesResult {
  /** The catalog's terms and the three the product always offers, newest first, for the term select. */
  terms: string[];
}

/** The search page as it opens: one page of the whole catalog, the student's course ids and the terms. */
export class GetSearchPage {
  private readonly search: SearchCourses;

  constructor(
    private readonly catalog: CourseCatalog,
    membership: CourseMembership,
  ) {
    this.search = new SearchCourses(catalog, membership);
  }

  async execute(command: { userId: UserId; page: number }): Promise<SearchPageView> {
    const [result, terms] = await Promise.all([this.search.execute(command), this.catalog.terms()]);
    return { ...result, terms: termsToOffer(terms) };
  }
}
