// The catalog as students read it: the search, and sections by id or class
// number. What an import or a sync writes goes through CourseCatalogWriter.
import type { CatalogCourse, Course } from '@domain/course/course';
import type { CourseGroup, CourseQuery } from '@domain/course/course-search';
import type { CourseId } from '@domain/ids';

export interface CoursePage {
  /** At most PAGE_SIZE courses, each with every matching section, by class number. */
  courses: CourseGroup[];
  /** Every matching course (card), not just this page's. */
  total: number;
  /** The page these are: the one asked for, clamped into 1..pageCount(total). */
  page: number;
}

export interface CourseCatalog {
  /**
   * One page (1-based, PAGE_SIZE courses) of the courses with matching
   * sections, ordered by the domain's rules, with the number of matching
   * courses, counted once; a page past the end is the last page
   * (domain/course/course-search.ts). Withdrawn sections never match.
   */
  search(query: CourseQuery, page: number): Promise<CoursePage>;
  /** Matching courses (cards). */
  count(query: CourseQuery): Promise<number>;
  /**
   * The sections on offer of the course (term, code and name: one search card)
   * that section `sectionId` belongs to, withdrawn or not, that match the
   * query, by class number; null when no section has that id.
   */
  courseSections(sectionId: CourseId, query: CourseQuery): Promise<Course[] | null>;
  /** Any section, withdrawn or not (a student may still be in it). */
  findById(id: CourseId): Promise<Course | null>;
  /**
   * The course an id names: the course with that id, or the course of the
   * section with that id (then with the section); null when neither exists.
   */
  findCourse(id: CourseId): Promise<{ course: CatalogCourse; section: Course | null } | null>;
  /** The term's sections (not withdrawn) with these class numbers. */
  findByClassNumbers(term: string, classNumbers: number[]): Promise<Course[]>;
  /** Every term with sections that are not withdrawn, newest first. */
  terms(): Promise<string[]>;
}
