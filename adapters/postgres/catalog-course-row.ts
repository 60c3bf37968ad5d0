// A course as read from the catalog_courses table, and the columns that make it.
import type { CatalogCourse } from '@domain/course/course';
import { CourseId } from '@domain/ids';

export interface CatalogCourseRow {
  id: number;
  term: string;
  course_number: string;
  name: string;
  description: string;
  credits: string;
  department: string;
  uf_course_id: string;
  active_sections: number;
  sections_published: boolean;
}

export const CATALOG_COURSE_COLUMNS = [
  'id',
  'term',
  'course_number',
  'name',
  'description',
  'credits',
  'department',
  'uf_course_id',
  'active_sections',
  'sections_published',
] as const;

/** The columns for a query that reads catalog_courses as `alias`. */
export const catalogCourseColumns = (alias: string) => CATALOG_COURSE_COLUMNS.map((c) => `${alias}.${c}`);

export function toCatalogCourse(row: CatalogCourseRow): CatalogCourse {
  return {
    id: CourseId(row.id),
    term: row.term,
    courseNumber: row.course_number,
    name: row.name,
    description: row.description,
    credits: row.credits,
    department: row.department,
    ufCourseId: row.uf_course_id,
    sectionsOnOffer: Number(row.active_sections),
    sectionsPublished: row.sections_published,
  };
}
