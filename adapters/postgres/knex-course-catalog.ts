// The catalog as students read it, from Postgres / PGlite. A row of `courses`
// is a section; its course (term, code and name: one search card) is a row of
// `catalog_courses` with the count of its sections still offered, or with
// sections_published false when the catalog lists it without sections (a
// course-level record: it has none). Search follows
// domain/course/course-search.ts in one statement: the box's words find the
// courses on their search rows (catalog_course_search, course-search-rows.ts:
// one per listed course, trigram index), the panel's fields on the courses'
// own code and name (trigram indexes); the matches are counted, ranked and
// paged, and the page's courses read with their matching sections; a listing
// without filters pages the courses alone, in the order of a "C"-collated
// index, with its total remembered.
import type { Knex } from 'knex';
import type { CourseCatalog, CoursePage } from '@application/ports/course-catalog';
import type { CatalogCourse, Course } from '@domain/course/course';
import { clampPage, isCodeWord, PAGE_SIZE, titleWords, type CourseGroup, type CourseQuery } from '@domain/course/course-search';
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

/** The listing's order (then the rank's before it), as the listing indexes hold it. */
const LISTING_ORDER = 'g.course_number collate "C", g.name collate "C", g.term_rank desc, g.id';

/** A row of a search: the total and the page, then a course of the page (g_) and one of its matching sections, if any. */
type PageRow = Partial<CourseRow> & { page_total: string | number; page_number: string | number } & { [column: `g_${string}`]: unknown };

export class KnexCourseCatalog implements CourseCatalog {
  private readonly totals = new Map<string, { total: number; until: number }>();

  constructor(private readonly db: Knex) {}

  /**
   * One statement: the matching courses counted, the page asked for clamped
   * to the last, and that page's courses with their matching sections. A
   * listing remembers its total (listedTotal), and then only reads its page.
   */
  async search(query: CourseQuery, requestedPage: number): Promise<CoursePage> {
    const asked = clampPage(requestedPage, Number.MAX_SAFE_INTEGER);
    const listing = isTermOnly(query);
    const known = listing ? this.rememberedTotal(query.term) : undefined;
    const { rows }: { rows: PageRow[] } = await this.db.raw(
      `with ${listing ? '' : 'matches as materialized (?),'}
         total as (${listing ? (known === undefined ? '?' : 'select ?::bigint as n') : 'select count(*) as n from matches'}),
         at as (select n as total, least(?::bigint, greatest(1, (n + 9) / 10)) as page from total),
         page as (? limit ${PAGE_SIZE} offset (select (page - 1) * ${PAGE_SIZE} from at))
       select at.total as page_total, at.page as page_number, ${CATALOG_COURSE_COLUMNS.map((c) => `course.${c} as g_${c}`).join(', ')},
         ${COURSE_COLUMNS.map((c) => `courses.${c}`).join(', ')}
       from at
       left join page on true
       left join catalog_courses as course on course.id = page.id
       left join courses on courses.course_group_id = page.id and ${sectionConditions(query)
         .map(([sql]) => sql)
         .join(' and ')}
       order by page.rank, page.course_number collate "C", page.name collate "C", page.term_rank desc, page.id, courses.class_number`,
      [
        ...(listing ? [] : [this.matches(query)]),
        listing ? (known ?? this.listed(query).count({ n: '*' })) : undefined,
        asked,
        listing
          ? this.listed(query)
              .select('g.id', 'g.course_number', 'g.name', 'g.term_rank', this.db.raw('3 as rank'))
              .orderByRaw(LISTING_ORDER)
          : this.db.raw(`select * from matches order by rank, ${LISTING_ORDER.replaceAll('g.', '')}`),
        ...sectionConditions(query).flatMap(([, bindings]) => bindings),
      ].filter((binding) => binding !== undefined),
    );
    const total = Number(rows[0].page_total);
    if (listing && known === undefined) this.totals.set(query.term, { total, until: Date.now() + TOTALS_TTL_MS });
    const courses: CourseGroup[] = [];
    for (const row of rows) {
      if (row.g_id == null) continue;
      if (courses.at(-1)?.id !== row.g_id) {
        const course = Object.fromEntries(CATALOG_COURSE_COLUMNS.map((c) => [c, row[`g_${c}`]])) as unknown as CatalogCourseRow;
        courses.push({ ...toCatalogCourse(course), sections: [] });
      }
      if (row.id != null) courses[courses.length - 1].sections.push(toCourse(row as CourseRow));
    }
    return { courses, total, page: Number(rows[0].page_number) };
  }

  /** The courses matching a query that is not a bare listing, each with its rank. */
  async count(query: CourseQuery): Promise<number> {
    if (isTermOnly(query)) return this.listedTotal(query.term);
    const [{ total }] = await this.db.from(this.matches(query).as('m')).count<{ total: string }[]>({ total: '*' });
    return Number(total);
  }

  /**
   * The unfiltered and per-term listings' totals change only when the catalog
   * is written, so they are remembered for a few seconds (a write through this
   * process's writer forgets them at once; another process's write shows within TOTALS_TTL_MS).
   */
  private async listedTotal(term: string): Promise<number> {
    const known = this.rememberedTotal(term);
    if (known !== undefined) return known;
    const [{ total }] = await this.listed(toTermQuery(term)).count<{ total: string }[]>({ total: '*' });
    this.totals.set(term, { total: Number(total), until: Date.now() + TOTALS_TTL_MS });
    return Number(total);
  }

  private rememberedTotal(term: string): number | undefined {
    const cached = this.totals.get(term);
    return cached && cached.until > Date.now() ? cached.total : undefined;
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
    panelFilters(q, query);
    return q;
  }

  /**
   * The matching courses with their rank. The box's words are looked up in the
   * courses' search documents (catalog_course_search: course-search-rows.ts),
   * whose rows are the listed courses: one word matches a document exactly
   * when it matches one of the course's sections on offer; several words must
   * also be found together in one section. Without words, the panel's fields
   * match the listed courses themselves.
   */
  private matches(query: CourseQuery): Knex.QueryBuilder {
    const [rank, bindings] = rankSql(query);
    if (!hasSectionFilters(query))
      return this.listed(query).select('g.id', 'g.course_number', 'g.name', 'g.term_rank', this.db.raw(`${rank} as rank`, bindings));
    const q = this.db('catalog_course_search as g').select(
      'g.id',
      'g.course_number',
      'g.name',
      'g.term_rank',
      this.db.raw(`${rank} as rank`, bindings),
    );
    if (query.term) q.where('g.term_rank', termRank(query.term));
    panelFilters(q, query);
    for (const word of query.words) q.whereRaw(`g.doc like ? escape '\\'`, [`%${escapeLike(word)}%`]);
    if (query.words.length > 1)
      q.whereRaw('(not g.sectioned or exists (?))', [
        this.sectionFilter(this.db('courses'), query).select(this.db.raw('1')).whereRaw('courses.course_group_id = g.id'),
      ]);
    return q;
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

/** The panel's Course Code and Course Name fields, on the course's own code and name (alias g). */
function panelFilters(q: Knex.QueryBuilder, query: CourseQuery): void {
  if (query.code) q.whereRaw(`g.course_number like ? escape '\\'`, [`%${escapeLike(query.code)}%`]);
  for (const word of query.nameWords) q.whereRaw(`lower(g.name) like ? escape '\\'`, [`%${escapeLike(word)}%`]);
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
