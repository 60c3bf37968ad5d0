// The catalog in Postgres / PGlite. A row of `courses` is a section; its
// course (term, code and name: one search card) is a row of `catalog_courses`
// with the count of its sections still offered. Search follows
// domain/course/course-search.ts: sections are filtered (trigram indexes on
// the search text, code and name), their courses ranked and paged, then the
// page's sections read; a listing without section filters pages the courses
// alone, in the order of a "C"-collated index.
import type { Knex } from 'knex';
import type { CourseCatalog, CoursePage, UpsertCounts, WriteOptions } from '@application/ports/course-catalog';
import type { CatalogEntry, Course, MeetTime } from '@domain/course/course';
import {
  clampPage,
  isCodeWord,
  PAGE_SIZE,
  pageCount,
  searchTextOf,
  titleWords,
  type CourseGroup,
  type CourseQuery,
} from '@domain/course/course-search';
import { newestTermsFirst, termRank } from '@domain/course/term';
import { CourseId } from '@domain/ids';

interface CourseRow {
  id: number;
  name: string;
  description: string;
  course_number: string;
  term: string;
  class_number: number;
  section: string;
  credits: string;
  credits_min: number | null;
  credits_max: number | null;
  department: string;
  instructors: string[] | string;
  mode: string;
  sect_web: string;
  meet_times: MeetTime[] | string;
  start_date: string;
  end_date: string;
  final_exam: string;
  gen_ed: string[] | string;
  quest: string[] | string;
  writing: string;
  uf_course_id: string;
  withdrawn_at: Date | string | null;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function toCourse(row: CourseRow): Course {
  return {
    id: CourseId(row.id),
    name: row.name,
    description: row.description,
    courseNumber: row.course_number,
    term: row.term,
    classNumber: row.class_number,
    section: row.section,
    credits: row.credits,
    creditsMin: row.credits_min,
    creditsMax: row.credits_max,
    department: row.department,
    instructors: json(row.instructors),
    mode: row.mode,
    sectWeb: row.sect_web,
    meetTimes: json(row.meet_times),
    startDate: row.start_date,
    endDate: row.end_date,
    finalExam: row.final_exam,
    genEd: json(row.gen_ed),
    quest: json(row.quest),
    writing: row.writing,
    ufCourseId: row.uf_course_id,
    withdrawn: row.withdrawn_at !== null,
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
  'credits_min',
  'credits_max',
  'department',
  'instructors',
  'mode',
  'sect_web',
  'meet_times',
  'start_date',
  'end_date',
  'final_exam',
  'gen_ed',
  'quest',
  'writing',
  'uf_course_id',
  'withdrawn_at',
];

// What a write compares to tell "updated" from "unchanged" (the withdrawn mark and the course are compared besides).
const CONTENT_COLUMNS = [
  'course_number',
  'name',
  'description',
  'section',
  'credits',
  'credits_min',
  'credits_max',
  'department',
  'instructors',
  'mode',
  'sect_web',
  'meet_times',
  'start_date',
  'end_date',
  'final_exam',
  'gen_ed',
  'quest',
  'writing',
  'uf_course_id',
  'term_rank',
  'search_text',
  'source',
  'course_group_id',
];

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface GroupRow {
  id: number;
  term: string;
  course_number: string;
  name: string;
}

/** Rolls a dry run's transaction back after it has counted. */
class DryRun extends Error {
  constructor(readonly result: unknown) {
    super('dry run');
  }
}

/** How long a listing's total is remembered. */
export const TOTALS_TTL_MS = 5_000;

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

  /** One page of courses joined to their matching sections, in the page's order, then by class number. */
  private async pageWithSections(query: CourseQuery, page: number): Promise<CourseGroup[]> {
    const rows: (CourseRow & { page_id: number })[] = await this.sectionFilter(this.db('courses'), query)
      .with('page', this.pageOfCourses(query, page))
      .join('page', 'page.id', 'courses.course_group_id')
      .select([...COURSE_COLUMNS.map((c) => `courses.${c}`), 'page.id as page_id'])
      .orderByRaw('page.rank, page.course_number collate "C", page.name collate "C", page.term_rank desc, page.id, courses.class_number');
    const courses: CourseGroup[] = [];
    let current: number | null = null;
    for (const row of rows) {
      const section = toCourse(row);
      if (row.page_id !== current) {
        current = row.page_id;
        courses.push({ term: section.term, courseNumber: section.courseNumber, name: section.name, description: section.description, sections: [] });
      }
      courses[courses.length - 1].sections.push(section);
    }
    return courses;
  }

  async count(query: CourseQuery): Promise<number> {
    if (isTermOnly(query)) return this.listedTotal(query.term);
    const [{ total }] = hasSectionFilters(query)
      ? await this.sectionFilter(this.db('courses'), query).select(this.db.raw('count(distinct course_group_id) as total'))
      : await this.listed(query).count<{ total: string }[]>({ total: '*' });
    return Number(total);
  }

  /**
   * The unfiltered and per-term listings' totals change only when the catalog
   * is written, so they are remembered for a few seconds (a write through this
   * adapter forgets them at once; another process's write shows within TOTALS_TTL_MS).
   */
  private async listedTotal(term: string): Promise<number> {
    const cached = this.totals.get(term);
    if (cached && cached.until > Date.now()) return cached.total;
    const [{ total }] = await this.listed(toTermQuery(term)).count<{ total: string }[]>({ total: '*' });
    this.totals.set(term, { total: Number(total), until: Date.now() + TOTALS_TTL_MS });
    return Number(total);
  }

  /**
   * Courses with sections on offer, in one term when asked, whose code and
   * name match the panel's fields: those are the course's own, so they are
   * matched on catalog_courses (a fifth of the rows of courses).
   */
  private listed(query: CourseQuery): Knex.QueryBuilder {
    const q = this.db('catalog_courses as g').where('g.active_sections', '>', 0);
    // The rank names the term (only canonical names are stored), and the per-term listing index starts with it.
    if (query.term) q.where('g.term_rank', termRank(query.term));
    if (query.code) q.whereRaw(`g.course_number like ? escape '\\'`, [`%${escapeLike(query.code)}%`]);
    for (const word of query.nameWords) q.whereRaw(`lower(g.name) like ? escape '\\'`, [`%${escapeLike(word)}%`]);
    return q;
  }

  private pageOfCourses(query: CourseQuery, page: number): Knex.QueryBuilder {
    const [rank, bindings] = isTermOnly(query) ? ['3', []] : rankSql(query);
    const q = this.listed(query).select('g.id', 'g.course_number', 'g.name', 'g.term_rank', this.db.raw(`${rank} as rank`, bindings));
    if (hasSectionFilters(query)) q.whereIn('g.id', this.sectionFilter(this.db('courses'), query).select('course_group_id'));
    if (!isTermOnly(query)) q.orderByRaw(rank, bindings);
    return q
      .orderByRaw('g.course_number collate "C", g.name collate "C", g.term_rank desc, g.id')
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE);
  }

  /** Sections on offer that match the query's section filters. */
  private sectionFilter(q: Knex.QueryBuilder, query: CourseQuery): Knex.QueryBuilder {
    q.whereNull('courses.withdrawn_at');
    if (query.term) q.where('courses.term', query.term);
    if (query.code) q.whereRaw(`courses.course_number like ? escape '\\'`, [`%${escapeLike(query.code)}%`]);
    for (const word of query.nameWords) q.whereRaw(`lower(courses.name) like ? escape '\\'`, [`%${escapeLike(word)}%`]);
    for (const word of query.words) q.whereRaw(`courses.search_text like ? escape '\\'`, [`%${escapeLike(word)}%`]);
    return q;
  }

  async courseSections(sectionId: number, query: CourseQuery): Promise<Course[] | null> {
    const named = await this.db('courses').select('course_group_id').where({ id: sectionId }).first();
    if (!named) return null;
    const rows = await this.sectionFilter(this.db('courses'), query)
      .select(COURSE_COLUMNS.map((c) => `courses.${c}`))
      .where('courses.course_group_id', named.course_group_id)
      .orderBy('courses.class_number');
    return rows.map(toCourse);
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

  async terms(): Promise<string[]> {
    const rows: { term: string }[] = await this.db('catalog_courses').where('active_sections', '>', 0).distinct('term');
    return newestTermsFirst(rows.map((r) => r.term));
  }

  async upsert(entries: CatalogEntry[], options: WriteOptions = {}): Promise<UpsertCounts> {
    if (entries.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
    return this.write(options.dryRun, (trx) => this.upsertIn(trx, entries, options.source ?? ''));
  }

  private async upsertIn(trx: Knex.Transaction, entries: CatalogEntry[], source: string): Promise<UpsertCounts> {
    const groupIds = await this.upsertCourses(trx, entries);
    // The courses these sections belonged to before, whose counts may drop.
    const { rows: before }: { rows: { course_group_id: number }[] } = await trx.raw(
      `select c.course_group_id from courses c
       join jsonb_to_recordset(?::jsonb) as k(term text, class_number integer) on c.term = k.term and c.class_number = k.class_number`,
      [JSON.stringify(entries.map((e) => ({ term: e.term, class_number: e.classNumber })))],
    );
    const rows = entries.map((e) => ({
      term: e.term,
      term_rank: termRank(e.term),
      class_number: e.classNumber,
      course_number: e.courseNumber,
      name: e.name,
      description: e.description,
      section: e.section,
      credits: e.credits,
      credits_min: e.creditsMin,
      credits_max: e.creditsMax,
      department: e.department,
      instructors: JSON.stringify(e.instructors),
      mode: e.mode,
      sect_web: e.sectWeb,
      meet_times: JSON.stringify(e.meetTimes),
      start_date: e.startDate,
      end_date: e.endDate,
      final_exam: e.finalExam,
      gen_ed: JSON.stringify(e.genEd),
      quest: JSON.stringify(e.quest),
      writing: e.writing,
      uf_course_id: e.ufCourseId,
      source,
      search_text: searchTextOf(e),
      course_group_id: groupIds.get(groupKeyOf(e))!,
      withdrawn_at: null,
    }));
    // Rows whose content is identical are left alone (and not returned), so the
    // summary can tell updated from unchanged, and a second run writes nothing.
    const written: { inserted: boolean }[] = await trx('courses')
      .insert(rows)
      .onConflict(['term', 'class_number'])
      .merge()
      .whereRaw(
        [...CONTENT_COLUMNS.map((c) => `courses.${c} is distinct from excluded.${c}`), 'courses.withdrawn_at is not null'].join(' or '),
      )
      .returning(trx.raw('(xmax = 0) as inserted'));
    if (written.length > 0) await this.recount(trx, [...groupIds.values(), ...before.map((b) => b.course_group_id)]);
    const inserted = written.filter((r) => r.inserted).length;
    const updated = written.length - inserted;
    return { inserted, updated, unchanged: entries.length - written.length };
  }

  /** The courses (term, code, name) of these sections, created or updated; their ids by key. */
  private async upsertCourses(trx: Knex.Transaction, entries: CatalogEntry[]): Promise<Map<string, number>> {
    const courses = new Map<string, CatalogEntry>();
    for (const e of entries) courses.set(groupKeyOf(e), e);
    const rows = [...courses.values()].map((e) => ({
      term: e.term,
      term_rank: termRank(e.term),
      course_number: e.courseNumber,
      name: e.name,
      uf_course_id: e.ufCourseId,
    }));
    await trx('catalog_courses')
      .insert(rows)
      .onConflict(['term', 'course_number', 'name'])
      .merge(['uf_course_id', 'term_rank'])
      .whereRaw(['uf_course_id', 'term_rank'].map((c) => `catalog_courses.${c} is distinct from excluded.${c}`).join(' or '));
    // The keys go as one JSON parameter: PGlite answers a multi-column IN list of a few hundred tuples with no rows.
    const { rows: found }: { rows: GroupRow[] } = await trx.raw(
      `select g.id, g.term, g.course_number, g.name from catalog_courses g
       join jsonb_to_recordset(?::jsonb) as k(term text, course_number text, name text)
         on g.term = k.term and g.course_number = k.course_number and g.name = k.name`,
      [JSON.stringify(rows.map((r) => ({ term: r.term, course_number: r.course_number, name: r.name })))],
    );
    return new Map(found.map((g) => [groupKeyOf({ term: g.term, courseNumber: g.course_number, name: g.name }), g.id]));
  }

  /** Brings the courses' counts of sections on offer up to date, writing only those that changed. */
  private async recount(trx: Knex.Transaction, groupIds: number[]): Promise<void> {
    const ids = [...new Set(groupIds)];
    if (ids.length === 0) return;
    await trx.raw(
      `update catalog_courses g set active_sections = n.count
       from (select g2.id, (select count(*) from courses c where c.course_group_id = g2.id and c.withdrawn_at is null)::int as count
             from catalog_courses g2 where g2.id = any(?::int[])) n
       where g.id = n.id and g.active_sections <> n.count`,
      [ids],
    );
  }

  async missingSections(term: string, source: string, present: number[]): Promise<{ listed: number; missing: number }> {
    const [row] = await this.db('courses')
      .where({ term, source })
      .whereNull('withdrawn_at')
      .select(
        this.db.raw('count(*)::int as listed'),
        this.db.raw('(count(*) filter (where not (class_number = any(?::int[]))))::int as missing', [present]),
      );
    return { listed: Number(row.listed), missing: Number(row.missing) };
  }

  async withdrawMissing(term: string, source: string, present: number[], options: Pick<WriteOptions, 'dryRun'> = {}): Promise<number> {
    return this.write(options.dryRun, async (trx) => {
      const withdrawn: { course_group_id: number }[] = await trx('courses')
        .where({ term, source })
        .whereNull('withdrawn_at')
        .whereRaw('not (class_number = any(?::int[]))', [present])
        .update({ withdrawn_at: trx.fn.now() })
        .returning('course_group_id');
      await this.recount(
        trx,
        withdrawn.map((w) => w.course_group_id),
      );
      return withdrawn.length;
    });
  }

  /** One transaction; a dry run counts in it and rolls it back. */
  private async write<T>(dryRun: boolean | undefined, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(async (trx) => {
        const result = await work(trx);
        if (dryRun) throw new DryRun(result);
        return result;
      });
    } catch (error) {
      if (error instanceof DryRun) return error.result as T;
      throw error;
    } finally {
      // After the commit (or the rollback), so that no search in between keeps the old total.
      if (!dryRun) this.totals.clear();
    }
  }
}

function groupKeyOf(e: Pick<CatalogEntry, 'term' | 'courseNumber' | 'name'>): string {
  return `${e.term}\u0000${e.courseNumber}\u0000${e.name}`;
}

function toTermQuery(term: string): CourseQuery {
  return { term, code: '', nameWords: [], words: [] };
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
  return [
    `case ${cases.join(' ')} else 3 end`,
    [...bindings, ...prefixBindings, ...words.map((w) => `\\m${escapeRegex(w)}\\M`)],
  ];
}
