// The catalog as students read it, from Postgres / PGlite. A row of `courses`
// is a section; its course (term, code and name: one search card) is a row of
// `catalog_courses` with the count of its sections still offered, or with
// sections_published false when the catalog lists it without sections (a
// course-level record: it has none). Search follows
// domain/course/course-search.ts: sections are filtered (trigram indexes on
// the search text, code and name), and courses without sections on their own
// search text; the courses are ranked and paged, then the page's sections
// read; a listing without section filters pages the courses alone, in the
// order of a "C"-collated index.
import type { Knex } from 'knex';
import type { CourseCatalog, CoursePage } from '@application/ports/course-catalog';
import type { CatalogCourse, Course } from '@domain/course/course';
import { clampPage, isCodeWord, PAGE_SIZE, pageCount, titleWords, type CourseGroup, type CourseQuery } from '@domain/course/course-search';
import { newestTermsFirst, termRank } from '@domain/course/term';
import type { CourseId } from '@domain/ids';
import { CATALOG_COURSE_COLUMNS, catalogCourseColumns, toCatalogCourse, type CatalogCourseRow } from './catalog-course-row';
import { COURSE_COLUMNS, toCourse, type CourseRow } from './course-row';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A listed course: sections on offer, or none published (a course-level
 * record). Written as migration 20261130200000 writes the listing indexes'
 * predicate, so that the planner uses them.
 */
const LISTED = '(g.active_sections > 0 or not g.sections_published)';

/** How long a listing's total is remembered. */
const TOTALS_TTL_MS = 5_000;

export class KnexCourseCatalog implements CourseCatalog {
  private readonly totals = new Map<string, { total: number; until: number }>();

  constructor(private readonly db: Knex) {}

  /**
   * The matches are counted once per search. The count and the page asked for
   * (its courses with their matching sections, one statement) run side by side
   * (two pooled connections on Postgres); only a page past the end, known once
   * the count is in, is read again as the last page.
   */
  async search(query: CourseQuery, requestedPage: number): Promise<CoursePage> {
    const asked = clampPage(requestedPage, Number.MAX_SAFE_INTEGER);
    const [total, first] = await Promise.all([this.count(query), this.pageWithSections(query, asked)]);
    const page = clampPage(requestedPage, pageCount(total));
    if (total === 0) return { courses: [], total, page };
    return { courses: page === asked ? first : await this.pageWithSections(query, page), total, page };
  }

  /**
   * One page of courses, each with its matching sections (left joined: a
   * course without published sections comes with none), in the page's order,
   * then by class number. The page is chosen on the listing indexes' own
   * columns (an index-only scan where the table is vacuumed), and only its
   * courses are read whole.
   */
  private async pageWithSections(query: CourseQuery, page: number): Promise<CourseGroup[]> {
    const rows: (Partial<CourseRow> & { [column: `g_${string}`]: unknown })[] = await this.db
      .with('page', this.pageOfCourses(query, page))
      .from('page')
      .join('catalog_courses as course', 'course.id', 'page.id')
      .leftJoin('courses', (join) => {
        join.on('courses.course_group_id', 'page.id');
        for (const [sql, bindings] of sectionConditions(query)) join.andOn(this.db.raw(sql, bindings));
      })
      .select([...CATALOG_COURSE_COLUMNS.map((c) => `course.${c} as g_${c}`), ...COURSE_COLUMNS.map((c) => `courses.${c}`)])
      .orderByRaw('page.rank, page.course_number collate "C", page.name collate "C", page.term_rank desc, page.id, courses.class_number');
    const courses: CourseGroup[] = [];
    for (const row of rows) {
      if (courses.at(-1)?.id !== row.g_id) {
        const course = Object.fromEntries(CATALOG_COURSE_COLUMNS.map((c) => [c, row[`g_${c}`]])) as unknown as CatalogCourseRow;
        courses.push({ ...toCatalogCourse(course), sections: [] });
      }
      if (row.id != null) courses[courses.length - 1].sections.push(toCourse(row as CourseRow));
    }
    return courses;
  }

  /**
   * With the box's words: the courses of the matching sections, and the
   * courses without sections matching on their own (two disjoint sets: a
   * course with any section is published), counted in one statement.
   */
  async count(query: CourseQuery): Promise<number> {
    if (isTermOnly(query)) return this.listedTotal(query.term);
    const [{ total }] = hasSectionFilters(query)
      ? await this.db.select(
          this.db.raw('(?) + (?) as total', [
            this.sectionFilter(this.db('courses'), query).countDistinct('course_group_id'),
            this.unpublishedMatches(query).count('*'),
          ]),
        )
      : await this.listed(query).count<{ total: string }[]>({ total: '*' });
    return Number(total);
  }

  /**
   * The unfiltered and per-term listings' totals change only when the catalog
   * is written, so they are remembered for a few seconds (a write through this
   * process's writer forgets them at once; another process's write shows within TOTALS_TTL_MS).
   */
  private async listedTotal(term: string): Promise<number> {
    const cached = this.totals.get(term);
    if (cached && cached.until > Date.now()) return cached.total;
    const [{ total }] = await this.listed(toTermQuery(term)).count<{ total: string }[]>({ total: '*' });
    this.totals.set(term, { total: Number(total), until: Date.now() + TOTALS_TTL_MS });
    return Number(total);
  }

  /**
   * Listed courses (sections on offer, or none published), in one term when
   * asked, whose code and name match the panel's fields: those are the
   * course's own, so they are matched on catalog_courses.
   */
  private listed(query: CourseQuery): Knex.QueryBuilder {
    const q = this.db('catalog_courses as g').whereRaw(LISTED);
    // The rank names the term (only canonical names are stored), and the per-term listing index starts with it.
    if (query.term) q.where('g.term_rank', termRank(query.term));
    if (query.code) q.whereRaw(`g.course_number like ? escape '\\'`, [`%${escapeLike(query.code)}%`]);
    for (const word of query.nameWords) q.whereRaw(`lower(g.name) like ? escape '\\'`, [`%${escapeLike(word)}%`]);
    return q;
  }

  /** Courses without published sections (so without any) that the query matches, the box's words on their own search text. */
  private unpublishedMatches(query: CourseQuery): Knex.QueryBuilder {
    const q = this.listed(query).whereRaw('not g.sections_published');
    for (const word of query.words) q.whereRaw(`g.search_text like ? escape '\\'`, [`%${escapeLike(word)}%`]);
    return q;
  }

  private pageOfCourses(query: CourseQuery, page: number): Knex.QueryBuilder {
    const [rank, bindings] = isTermOnly(query) ? ['3', []] : rankSql(query);
    const q = this.listed(query).select('g.id', 'g.course_number', 'g.name', 'g.term_rank', this.db.raw(`${rank} as rank`, bindings));
    // One id list (a semi-join), so that each half keeps its own index: the sections' search text, the courses'.
    if (hasSectionFilters(query))
      q.whereIn(
        'g.id',
        this.sectionFilter(this.db('courses'), query).select('course_group_id').unionAll(this.unpublishedMatches(query).select('g.id')),
      );
    if (!isTermOnly(query)) q.orderByRaw(rank, bindings);
    return q
      .orderByRaw('g.course_number collate "C", g.name collate "C", g.term_rank desc, g.id')
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE);
  }

  /** Sections on offer that match the query's section filters. */
  private sectionFilter(q: Knex.QueryBuilder, query: CourseQuery): Knex.QueryBuilder {
    for (const [sql, bindings] of sectionConditions(query)) q.whereRaw(sql, bindings);
    return q;
  }

  async courseSections(id: CourseId, query: CourseQuery): Promise<Course[] | null> {
    const named = await this.findCourse(id);
    if (!named) return null;
    const rows = await this.sectionFilter(this.db('courses'), query)
      .select(COURSE_COLUMNS.map((c) => `courses.${c}`))
      .where('courses.course_group_id', named.course.id)
      .orderBy('courses.class_number');
    return rows.map(toCourse);
  }

  /** One statement: the course with that id, or the section with that id and its course. */
  async findCourse(id: CourseId): Promise<{ course: CatalogCourse; section: Course | null } | null> {
    const { rows }: { rows: (CatalogCourseRow & { section: CourseRow | null })[] } = await this.db.raw(
      `with s as (select ${COURSE_COLUMNS.join(', ')} from courses where id = ?)
       select ${catalogCourseColumns('g').join(', ')}, (select to_jsonb(s) from s) as section
       from catalog_courses g
       where g.id = coalesce((select course_group_id from s), ?)`,
      [id, id],
    );
    const row = rows[0];
    if (!row) return null;
    return { course: toCatalogCourse(row), section: row.section ? toCourse(row.section) : null };
  }

  async findById(id: CourseId): Promise<Course | null> {
    const row = await this.db('courses').select(COURSE_COLUMNS).where({ id }).first();
    return row ? toCourse(row) : null;
  }

  async findByClassNumbers(term: string, classNumbers: number[]): Promise<Course[]> {
    if (classNumbers.length === 0) return [];
    const rows = await this.db('courses')
      .select(COURSE_COLUMNS)
      .where('term', term)
      .whereIn('class_number', classNumbers)
      .whereNull('withdrawn_at')
      .orderBy('class_number');
    return rows.map(toCourse);
  }

  /** Every term with a listed course: sections on offer, or a course the catalog lists without them. */
  async terms(): Promise<string[]> {
    const rows: { term: string }[] = await this.db('catalog_courses as g').whereRaw(LISTED).distinct('g.term');
    return newestTermsFirst(rows.map((r) => r.term));
  }

  /** The catalog was written (KnexCourseCatalogWriter tells it, after the commit): the remembered totals go. */
  forgetTotals(): void {
    this.totals.clear();
  }
}

function toTermQuery(term: string): CourseQuery {
  return { term, code: '', nameWords: [], words: [] };
}

/** A section on offer matching the query's filters, as SQL conditions on `courses` (a where, or a join's on). */
function sectionConditions(query: CourseQuery): [string, string[]][] {
  const conditions: [string, string[]][] = [['courses.withdrawn_at is null', []]];
  if (query.term) conditions.push(['courses.term = ?', [query.term]]);
  if (query.code) conditions.push([`courses.course_number like ? escape '\\'`, [`%${escapeLike(query.code)}%`]]);
  for (const word of query.nameWords) conditions.push([`lower(courses.name) like ? escape '\\'`, [`%${escapeLike(word)}%`]]);
  for (const word of query.words) conditions.push([`courses.search_text like ? escape '\\'`, [`%${escapeLike(word)}%`]]);
  return conditions;
}

/** The search box's words match a section (instructors, class numbers), so they need the sections. */
function hasSectionFilters(query: CourseQuery): boolean {
  return query.words.length > 0;
}

/** The unfiltered or per-term listing. */
function isTermOnly(query: CourseQuery): boolean {
  return query.code === '' && query.nameWords.length === 0 && query.words.length === 0;
}

/** domain/course/course-search.ts rankOf, on catalog_courses g. */
function rankSql(query: CourseQuery): [string, string[]] {
  const bindings: string[] = [];
  const exact: string[] = [];
  const prefix: string[] = [];
  if (query.code) {
    exact.push('g.course_number = ?');
    bindings.push(query.code);
  }
  for (const word of query.words) {
    exact.push('lower(g.course_number) = ?');
    bindings.push(word);
  }
  const prefixBindings: string[] = [];
  if (query.code) {
    prefix.push(`g.course_number like ? escape '\\'`);
    prefixBindings.push(`${escapeLike(query.code)}%`);
  }
  for (const word of query.words.filter(isCodeWord)) {
    prefix.push(`lower(g.course_number) like ? escape '\\'`);
    prefixBindings.push(`${escapeLike(word)}%`);
  }
  const words = titleWords(query);
  const title = words.map(() => `lower(g.name) ~ ?`);
  const cases = [
    exact.length ? `when ${exact.join(' or ')} then 0` : '',
    prefix.length ? `when ${prefix.join(' or ')} then 1` : '',
    title.length ? `when ${title.join(' and ')} then 2` : '',
  ].filter(Boolean);
  if (cases.length === 0) return ['3', []];
  return [`case ${cases.join(' ')} else 3 end`, [...bindings, ...prefixBindings, ...words.map((w) => `\\m${escapeRegex(w)}\\M`)]];
}
