// Typed calls for the catalog search: the unfiltered listing and the filter form.
import { API } from '../../../../adapters/http/contract/api';
import type { Course, CourseFilters } from '../../../../adapters/http/contract/courses';
import { apiClient } from '../../lib/api-client';

export type { CourseFilters };

export interface SearchResult {
  /** At most one page (10) of courses. */
  courses: Course[];
  /** Every course the student is in, not only those on this page. */
  memberCourseIds: number[];
  total: number;
  /** The page the server used, which may differ from the one asked for (it clamps). */
  page: number;
  pageCount: number;
}

export interface CatalogPage extends SearchResult {
  /** The terms in the catalog, newest first. */
  terms: string[];
}

export function hasFilters(filters: CourseFilters): boolean {
  return filters.name !== '' || filters.courseCode !== '' || filters.term !== '';
}

export async function searchCourses(page: number): Promise<CatalogPage> {
  const { courses, total, pageCount, userCoursesIDs, terms, ...rest } = await apiClient.call(API.searchCourses, { query: { page } });
  return { courses, total, page: rest.page, pageCount, memberCourseIds: userCoursesIDs, terms };
}

export async function filterCourses(filters: CourseFilters, page: number): Promise<SearchResult> {
  const { courses, total, pageCount, user_courses_ids, ...rest } = await apiClient.call(API.filterCourses, { body: { ...filters, page } });
  return { courses, total, page: rest.page, pageCount, memberCourseIds: user_courses_ids };
}
