import type { CatalogEntry, Course } from '../../domain/course/course';
import type { CourseQuery } from '../../domain/course/course-search';

export interface CoursePage {
  courses: Course[];
  /** Every match, not just this page's. */
  total: number;
  /** The page these are: the one asked for, clamped into 1..pageCount(total). */
  page: number;
}

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface CourseCatalog {
  /**
   * One page (1-based, PAGE_SIZE rows) of the matches, ordered by the domain's
   * rules, with the number of matches, counted once; a page past the end is
   * the last page (domain/course/course-search.ts: clampPage).
   */
  search(query: CourseQuery, page: number): Promise<CoursePage>;
  count(query: CourseQuery): Promise<number>;
  findById(id: number): Promise<Course | null>;
  /** Every term present in the catalog, newest first. */
  terms(): Promise<string[]>;
  /** Inserts or updates by (term, class number). */
  upsert(entries: CatalogEntry[]): Promise<UpsertCounts>;
}
