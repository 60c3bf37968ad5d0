// The catalog in Postgres / PGlite. Search follows domain/course/course-search.ts:
// name words and code fragments match anywhere (trigram indexes), and the order
// is exact code, code prefix, then course number, name, newest term.
import type { Knex } from 'knex';
import type { CourseCatalog, CoursePage, UpsertCounts } from '../../application/ports/course-catalog';
import type { CatalogEntry, Course } from '../../domain/course/course';
import { clampPage, PAGE_SIZE, pageCount, type CourseQuery } from '../../domain/course/course-search';
import { newestTermsFirst, termRank } from '../../domain/course/term';

interface CourseRow {
  id: number;
  name: string;
  description: string;
  course_number: string;
  term: string;
  class_number: number;
  section: string;
  credits: string;
  department: string;
  instructors: string[] | string;
  mode: string;
}

export function toCourse(row: CourseRow): Course {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    courseNumber: row.course_number,
    term: row.term,
    classNumber: row.class_number,
    section: row.section,
    credits: row.credits,
    department: row.department,
    instructors: typeof row.instructors === 'string' ? JSON.parse(row.instructors) : row.instructors,
    mode: row.mode,
  };
}

export const COURSE_COLUMNS = [
  'id',
  'name',
  'description',
  'course_number',
  'term',
  'class_number',
  'section',
  'credits',
  'department',
  'instructors',
  'mode',
];

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export class KnexCourseCatalog implements CourseCatalog {
  constructor(private readonly db: Knex) {}

  /** The count, then the page (clamped by it): the matches are counted once per search. */
  async search(query: CourseQuery, requestedPage: number): Promise<CoursePage> {
    const total = await this.count(query);
    const page = clampPage(requestedPage, pageCount(total));
    const rows: CourseRow[] = total === 0 ? [] : await this.page(query, page);
    return { courses: rows.map(toCourse), total, page };
  }

  private page(query: CourseQuery, page: number): Knex.QueryBuilder {
    return this.filtered(query)
      .select(COURSE_COLUMNS.map((c) => `courses.${c}`))
      .orderByRaw(
        `case when ? = '' then 2 when course_number = ? then 0 when course_number like ? escape '\\' then 1 else 2 end,
         course_number collate "C", name collate "C", term_rank desc, class_number, id`,
        [query.code, query.code, `${escapeLike(query.code)}%`],
      )
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE);
  }

  async count(query: CourseQuery): Promise<number> {
    const [{ total }] = await this.filtered(query).count<{ total: string }[]>({ total: '*' });
    return Number(total);
  }

  private filtered(query: CourseQuery): Knex.QueryBuilder {
    const q = this.db('courses');
    if (query.term) q.where('term', query.term);
    if (query.code) q.whereRaw(`course_number like ? escape '\\'`, [`%${escapeLike(query.code)}%`]);
    for (const word of query.nameWords) q.whereRaw(`lower(name) like ? escape '\\'`, [`%${escapeLike(word)}%`]);
    return q;
  }

  async findById(id: number): Promise<Course | null> {
    const row = await this.db('courses').select(COURSE_COLUMNS).where({ id }).first();
    return row ? toCourse(row) : null;
  }

  async terms(): Promise<string[]> {
    const rows: { term: string }[] = await this.db('courses').distinct('term');
    return newestTermsFirst(rows.map((r) => r.term));
  }

  async upsert(entries: CatalogEntry[]): Promise<UpsertCounts> {
    if (entries.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
    const rows = entries.map((e) => ({
      term: e.term,
      term_rank: termRank(e.term),
      class_number: e.classNumber,
      course_number: e.courseNumber,
      name: e.name,
      description: e.description,
      section: e.section,
      credits: e.credits,
      department: e.department,
      instructors: JSON.stringify(e.instructors),
      mode: e.mode,
    }));
    const changed = ['course_number', 'name', 'description', 'section', 'credits', 'department', 'instructors', 'mode', 'term_rank'];
    // Rows whose content is identical are left alone (and not returned), so the
    // summary can tell updated from unchanged.
    const written: { inserted: boolean }[] = await this.db('courses')
      .insert(rows)
      .onConflict(['term', 'class_number'])
      .merge()
      .whereRaw(changed.map((c) => `courses.${c} is distinct from excluded.${c}`).join(' or '))
      .returning(this.db.raw('(xmax = 0) as inserted'));
    const inserted = written.filter((r) => r.inserted).length;
    const updated = written.length - inserted;
    return { inserted, updated, unchanged: entries.length - written.length };
  }
}
