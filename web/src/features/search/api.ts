// Typed calls for the catalog search: the unfiltered listing and the filter form.
import { z } from 'zod';
import { apiClient } from '../../lib/api-client';
import { readAnswer } from '../../lib/api-error';
import { courseSchema, type Course } from '../courses/course-schema';

const pagingFields = {
  courses: z.array(courseSchema),
  total: z.number(),
  page: z.number(),
  pageCount: z.number(),
};

const searchSchema = z.object({ ...pagingFields, userCoursesIDs: z.array(z.number()), terms: z.array(z.string()) });
const filterSchema = z.object({ ...pagingFields, user_courses_ids: z.array(z.number()) });

export interface CourseFilters {
  name: string;
  courseCode: string;
  term: string;
}

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
  const path = `/api/search-courses/?page=${encodeURIComponent(page)}`;
  const data = readAnswer(path, await apiClient.get(path), searchSchema);
  return { ...pick(data), memberCourseIds: data.userCoursesIDs, terms: data.terms };
}

export async function filterCourses(filters: CourseFilters, page: number): Promise<SearchResult> {
  const path = '/api/filter-courses/';
  const data = readAnswer(path, await apiClient.post(path, { ...filters, page }), filterSchema);
  return { ...pick(data), memberCourseIds: data.user_courses_ids };
}

function pick({ courses, total, page, pageCount }: Omit<SearchResult, 'memberCourseIds'>): Omit<SearchResult, 'memberCourseIds'> {
  return { courses, total, page, pageCount };
}
