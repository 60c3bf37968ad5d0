// The catalog search rules: how filters match and how results are ordered.
// The Knex adapter implements the same rules in SQL; the contract suite holds
// both to them.
import type { Course } from './course';
import { termRank } from './term';

export const PAGE_SIZE = 10;

export interface CourseQuery {
  /** Lower-cased words that must all appear in the name, in any order. */
  nameWords: string[];
  /** Upper-cased code without spaces; matches anywhere in the course number. */
  code: string;
  /** Exact term name, or '' for every term. */
  term: string;
}

export interface CourseFilters {
  name?: string;
  courseCode?: string;
  term?: string;
}

export function normaliseCourseCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

export function toCourseQuery(filters: CourseFilters): CourseQuery {
  return {
    nameWords: (filters.name ?? '').toLowerCase().split(/\s+/).filter(Boolean),
    code: normaliseCourseCode(filters.courseCode ?? ''),
    term: (filters.term ?? '').trim(),
  };
}

/** 0 exact code, 1 code prefix, 2 code elsewhere (or no code filter). */
export function codeRank(courseNumber: string, code: string): number {
  if (!code) return 2;
  if (courseNumber === code) return 0;
  return courseNumber.startsWith(code) ? 1 : 2;
}

export function matchesQuery(course: Course, query: CourseQuery): boolean {
  if (query.term && course.term !== query.term) return false;
  if (query.code && !course.courseNumber.includes(query.code)) return false;
  const name = course.name.toLowerCase();
  return query.nameWords.every((word) => name.includes(word));
}

/**
 * Exact code, then code prefix, then the rest; within each, by course number
 * and name, newest term first, then class number and id, so pages are stable.
 */
export function compareForQuery(a: Course, b: Course, query: CourseQuery): number {
  return (
    codeRank(a.courseNumber, query.code) - codeRank(b.courseNumber, query.code) ||
    compareText(a.courseNumber, b.courseNumber) ||
    compareText(a.name, b.name) ||
    termRank(b.term) - termRank(a.term) ||
    a.classNumber - b.classNumber ||
    a.id - b.id
  );
}

// Byte order, like Postgres's "C" collation the SQL side uses.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/** Clamps a requested page into 1..pageCount; anything unusable is page 1. */
export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pages));
}
