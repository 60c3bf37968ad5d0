// The catalog search rules: what a search box and the filter panel match, how
// sections group into courses and how courses are ordered. A course the
// catalog lists without sections (a course-level record) is matched on its
// own code, name and department, and its card has no sections. The Knex
// adapter implements the same rules in SQL; the contract suite holds both to them.
import type { CourseId } from '@domain/ids';
import type { CatalogCourse, CatalogEntry, Course } from './course';
import { canonicalTerm, isTermName, termRank } from './term';

/** Courses (cards) per page. */
export const PAGE_SIZE = 10;

export interface CourseQuery {
  /** Exact term name, or '' for every term. */
  term: string;
  /** The Course Code field: upper-cased, without spaces; matches anywhere in the course number. */
  code: string;
  /** The Course Name field: lower-cased words that must all appear in the name, in any order. */
  nameWords: string[];
  /**
   * The search box: lower-cased words that must each appear in the section's
   * search text (code, name, instructors, department, class number), or, for a
   * course without published sections, in the course's (code, name, department).
   */
  words: string[];
}

export interface CourseFilters {
  /** The one search box. */
  q?: string;
  name?: string;
  courseCode?: string;
  term?: string;
}

/**
 * A course of one term as a search result shows it: the course (its id, the
 * course's own), with its matching sections under one card; none when the
 * course has no published sections (sectionsPublished false).
 */
export interface CourseGroup extends CatalogCourse {
  /** By class number. */
  sections: Course[];
}

export function normaliseCourseCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

const TERM_IN_TEXT = /\b(spring|summer|fall)\s+(\d{4})\b/i;
// "cop 3502", "COP 3502C": a code typed with a space is one word.
const SPACED_CODE = /\b([a-z]{3})\s+(\d{4}[a-z]?)\b/gi;

export function toCourseQuery(filters: CourseFilters): CourseQuery {
  let text = filters.q ?? '';
  let term = (filters.term ?? '').trim();
  if (isTermName(term)) term = canonicalTerm(term);
  // A term named in the box ("calculus fall 2025") filters by it when the select does not.
  const named = TERM_IN_TEXT.exec(text);
  if (named) {
    if (!term) term = canonicalTerm(`${named[1]} ${named[2]}`);
    text = text.replace(TERM_IN_TEXT, ' ');
  }
  return {
    term,
    code: normaliseCourseCode(filters.courseCode ?? ''),
    nameWords: wordsOf(filters.name ?? ''),
    words: wordsOf(text.replace(SPACED_CODE, '$1$2')),
  };
}

function wordsOf(text: string): string[] {
  return [...new Set(text.toLowerCase().split(/\s+/).filter(Boolean))];
}

/** What the search box looks through, lower-cased: code, name, instructors, department and class number. */
export function searchTextOf(entry: Pick<CatalogEntry, 'courseNumber' | 'name' | 'instructors' | 'department' | 'classNumber'>): string {
  return [entry.courseNumber, entry.name, entry.instructors.join(' '), entry.department, String(entry.classNumber)].join(' ').toLowerCase();
}

/** What the search box looks through on a course without sections, lower-cased: code, name and department. */
export function courseSearchTextOf(course: Pick<CatalogCourse, 'courseNumber' | 'name' | 'department'>): string {
  return [course.courseNumber, course.name, course.department].join(' ').toLowerCase();
}

/**
 * Whether a course without published sections matches: the term and the
 * panel's fields as a section's would, the box's words on its own search text.
 */
export function matchesCourseQuery(course: CatalogCourse, query: CourseQuery): boolean {
  if (course.sectionsPublished) return false;
  if (query.term && course.term !== query.term) return false;
  if (query.code && !course.courseNumber.includes(query.code)) return false;
  const name = course.name.toLowerCase();
  if (!query.nameWords.every((word) => name.includes(word))) return false;
  const text = courseSearchTextOf(course);
  return query.words.every((word) => text.includes(word));
}

export function matchesQuery(course: Course, query: CourseQuery): boolean {
  if (course.withdrawn) return false;
  if (query.term && course.term !== query.term) return false;
  if (query.code && !course.courseNumber.includes(query.code)) return false;
  const name = course.name.toLowerCase();
  if (!query.nameWords.every((word) => name.includes(word))) return false;
  const text = searchTextOf(course);
  return query.words.every((word) => text.includes(word));
}

/** A word that reads as a code or its start: "cop", "cop35", "cop3502c". */
export function isCodeWord(word: string): boolean {
  return /^[a-z]{3}(\d{1,4}[a-z]?)?$/.test(word);
}

/** The words that count for a whole-word title match: the name field's and the box's, codes aside. */
export function titleWords(query: CourseQuery): string[] {
  return [...query.nameWords, ...query.words.filter((word) => !isCodeWord(word))];
}

/**
 * 0 exact code, 1 code prefix, 2 every title word a whole word of the name
 * ("Calculus" for "calculus", not "Precalculus"), 3 the rest.
 */
export function rankOf(courseNumber: string, name: string, query: CourseQuery): number {
  const code = courseNumber.toLowerCase();
  if ((query.code && courseNumber === query.code) || query.words.includes(code)) return 0;
  if ((query.code && courseNumber.startsWith(query.code)) || query.words.some((word) => isCodeWord(word) && code.startsWith(word)))
    return 1;
  const words = titleWords(query);
  const title = name.toLowerCase();
  return words.length > 0 && words.every((word) => wholeWord(word).test(title)) ? 2 : 3;
}

// Word characters as Postgres's \m and \M see them: letters, digits and underscore.
const wholeWord = (word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}_])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_])`, 'u');

/** Sections a search card lists before "Show all N sections". */
const CARD_SECTIONS = 5;

/** How many of a card's `count` matching sections it lists at first: all of six or fewer (a "Show all" for one more would not help). */
export function cardSectionCount(count: number): number {
  return count <= CARD_SECTIONS + 1 ? count : CARD_SECTIONS;
}

/**
 * A card's sections in the order it lists them: the student's own first
 * (`memberIds`), then those the search box names most specifically (a class
 * number typed whole, then more of its words found in the section's own class
 * number and instructors), then by class number. The course's own fields (code,
 * name, department) are the same for every section, so they tell none apart.
 */
export function orderSections(sections: readonly Course[], query: CourseQuery, memberIds: ReadonlySet<CourseId>): Course[] {
  const keyed = sections.map((section) => ({ section, key: sectionKey(section, query, memberIds) }));
  keyed.sort((a, b) => compareKeys(a.key, b.key));
  return keyed.map((k) => k.section);
}

/** Smaller first: [not the student's, class number not typed, words not found in its own fields, class number]. */
function sectionKey(section: Course, query: CourseQuery, memberIds: ReadonlySet<CourseId>): number[] {
  const classNumber = String(section.classNumber);
  const instructors = section.instructors.map((name) => name.toLowerCase());
  const found = query.words.filter((word) => classNumber.includes(word) || instructors.some((name) => name.includes(word))).length;
  return [memberIds.has(section.id) ? 0 : 1, query.words.includes(classNumber) ? 0 : 1, -found, section.classNumber];
}

function compareKeys(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** The key of a course's card: one per course (code and name) and term. */
export function groupKey(course: Pick<CatalogCourse, 'term' | 'courseNumber' | 'name'>): string {
  return `${course.term}\u0000${course.courseNumber}\u0000${course.name}`;
}

/** Rank, then course number and name, newest term first, so pages are stable (a course with sections or without alike). */
export function compareGroups(
  a: Pick<CatalogCourse, 'term' | 'courseNumber' | 'name'>,
  b: Pick<CatalogCourse, 'term' | 'courseNumber' | 'name'>,
  query: CourseQuery,
): number {
  return (
    rankOf(a.courseNumber, a.name, query) - rankOf(b.courseNumber, b.name, query) ||
    compareText(a.courseNumber, b.courseNumber) ||
    compareText(a.name, b.name) ||
    termRank(b.term) - termRank(a.term)
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
