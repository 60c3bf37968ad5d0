// What an import or a sync writes to the catalog in Postgres / PGlite: the
// sections (rows of `courses`), their courses (rows of `catalog_courses`:
// those of the sections, and those of course-level records, listed without
// sections until some are written) and each course's count of sections still
// offered, description, credits, department and search text, and the search
// rows of the courses it touched (course-search-rows.ts). A write that
// changes nothing writes nothing, so the counts tell updated from unchanged.
import type { Knex } from 'knex';
import type { CourseCatalogWriter, UpsertCounts, WriteOptions } from '@application/ports/course-catalog-writer';
import type { CatalogCourseEntry, CatalogEntry } from '@domain/course/course';
import { searchTextOf } from '@domain/course/course-search';
import { termRank } from '@domain/course/term';
import { COURSE_COLUMNS } from './course-row';
import { COURSE_SEARCH_REFRESH } from './course-search-rows';

// What a write compares to tell "updated" from "unchanged": every column a
// read answers but the section's identity (id, term, class number) and the
// withdrawn mark (compared besides), and what the write derives.
const CONTENT_COLUMNS = [
  ...COURSE_COLUMNS.filter((column) => !['id', 'term', 'class_number', 'withdrawn_at', 'course_group_id'].includes(column)),
  'term_rank',
  'search_text',
  'source',
  'course_group_id',
];

/**
 * A course's search text in SQL (domain/course/course-search.ts courseSearchTextOf):
 * code, name and department, lower-cased; `table` names the row with the code and name.
 */
const COURSE_SEARCH_TEXT = (table: string, department: string) =>
  `lower(${table}.course_number || ' ' || ${table}.name || ' ' || ${department})`;

const UF_COURSE_ID = `case when excluded.uf_course_id = '' then catalog_courses.uf_course_id else excluded.uf_course_id end`;

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

export class KnexCourseCatalogWriter implements CourseCatalogWriter {
  constructor(
    private readonly db: Knex,
    /** Told after each write (not a dry run) has committed: the reads forget what they remember (KnexCourseCatalog.forgetTotals). */
    private readonly written: () => void,
  ) {}

  async upsert(entries: CatalogEntry[], options: WriteOptions = {}): Promise<UpsertCounts> {
    if (entries.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
    return this.write(options.dryRun, (trx) => this.upsertIn(trx, entries, options.source ?? ''));
  }

  private async upsertIn(trx: Knex.Transaction, entries: CatalogEntry[], source: string): Promise<UpsertCounts> {
    const groupIds = await this.upsertSectionCourses(trx, entries);
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

  /**
   * The courses (term, code, name) of these sections, created or updated;
   * their ids by key. Their other fields follow their sections' in recount,
   * which also publishes a course of a course-level record that has sections
   * now (one new version of the row per write, not two: a bulk load leaves
   * half the dead rows behind).
   */
  private async upsertSectionCourses(trx: Knex.Transaction, entries: CatalogEntry[]): Promise<Map<string, number>> {
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
      // UF's course id when the sections give one (a course-level record may have given it).
      .merge({ uf_course_id: trx.raw(UF_COURSE_ID), term_rank: trx.raw('excluded.term_rank') })
      .whereRaw(
        `catalog_courses.uf_course_id is distinct from ${UF_COURSE_ID} or catalog_courses.term_rank is distinct from excluded.term_rank`,
      );
    // The keys go as one JSON parameter: PGlite answers a multi-column IN list of a few hundred tuples with no rows.
    const { rows: found }: { rows: GroupRow[] } = await trx.raw(
      `select g.id, g.term, g.course_number, g.name from catalog_courses g
       join jsonb_to_recordset(?::jsonb) as k(term text, course_number text, name text)
         on g.term = k.term and g.course_number = k.course_number and g.name = k.name`,
      [JSON.stringify(rows.map((r) => ({ term: r.term, course_number: r.course_number, name: r.name })))],
    );
    return new Map(found.map((g) => [groupKeyOf({ term: g.term, courseNumber: g.course_number, name: g.name }), g.id]));
  }

  /**
   * Brings the courses' counts of sections on offer up to date, and their
   * description, credits and department to their first section's (on offer
   * first, then by class number, as migration 20261130000000 took them) where
   * that has one, with the search text they make; each has sections, so it is
   * published. Writes only those that changed.
   */
  private async recount(trx: Knex.Transaction, groupIds: number[]): Promise<void> {
    const ids = [...new Set(groupIds)];
    if (ids.length === 0) return;
    await trx.raw(
      `update catalog_courses g set active_sections = n.count, description = n.description, credits = n.credits,
         department = n.department, search_text = ${COURSE_SEARCH_TEXT('g', 'n.department')}, sections_published = true
       from (select g2.id,
               (select count(*) from courses c where c.course_group_id = g2.id and c.withdrawn_at is null)::int as count,
               coalesce(nullif(f.description, ''), g2.description) as description,
               coalesce(nullif(f.credits, ''), g2.credits) as credits,
               coalesce(nullif(f.department, ''), g2.department) as department
             from catalog_courses g2
             left join lateral (select c.description, c.credits, c.department from courses c where c.course_group_id = g2.id
                                order by c.withdrawn_at nulls first, c.class_number limit 1) f on true
             where g2.id = any(?::int[])) n
       where g.id = n.id
         and (g.active_sections, g.description, g.credits, g.department, g.search_text, g.sections_published)
             is distinct from (n.count, n.description, n.credits, n.department, ${COURSE_SEARCH_TEXT('g', 'n.department')}, true)`,
      [ids],
    );
    await this.refreshSearch(trx, ids);
  }

  /** The search rows of these courses (catalog_course_search: course-search-rows.ts), after their sections or fields changed. */
  private async refreshSearch(trx: Knex.Transaction, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    for (const statement of COURSE_SEARCH_REFRESH) await trx.raw(statement, [ids, ids]);
  }

  async upsertCourses(records: CatalogCourseEntry[], options: Pick<WriteOptions, 'dryRun'> = {}): Promise<UpsertCounts> {
    if (records.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
    return this.write(options.dryRun, (trx) => this.upsertCoursesIn(trx, records));
  }

  /**
   * One statement: new courses are inserted unpublished (listed without
   * sections); an existing one without sections takes the record's fields,
   * one with sections only fills what it lacks (its sections' fields win, and
   * it stays published). A course whose fields would not change is not written.
   */
  private async upsertCoursesIn(trx: Knex.Transaction, records: CatalogCourseEntry[]): Promise<UpsertCounts> {
    const byKey = new Map(records.map((r) => [groupKeyOf(r), r]));
    const rows = [...byKey.values()].map((r) => ({
      term: r.term,
      term_rank: termRank(r.term),
      course_number: r.courseNumber,
      name: r.name,
      description: r.description,
      credits: r.credits,
      department: r.department,
      uf_course_id: r.ufCourseId,
    }));
    // Each column's value after the write: the record's, or the course's own where it keeps it.
    const kept = {
      description: `case when g.sections_published and g.description <> '' then g.description else excluded.description end`,
      credits: `case when g.sections_published and g.credits <> '' then g.credits else excluded.credits end`,
      department: `case when excluded.department = '' or (g.sections_published and g.department <> '') then g.department else excluded.department end`,
      uf_course_id: `case when excluded.uf_course_id = '' or (g.sections_published and g.uf_course_id <> '') then g.uf_course_id else excluded.uf_course_id end`,
    };
    const after = { ...kept, search_text: COURSE_SEARCH_TEXT('g', `(${kept.department})`) };
    const columns = Object.keys(after) as (keyof typeof after)[];
    const { rows: written }: { rows: { id: number; inserted: boolean }[] } = await trx.raw(
      `insert into catalog_courses as g (term, term_rank, course_number, name, description, credits, department, uf_course_id, search_text, sections_published)
       select r.term, r.term_rank, r.course_number, r.name, r.description, r.credits, r.department, r.uf_course_id,
              ${COURSE_SEARCH_TEXT('r', 'r.department')}, false
       from jsonb_to_recordset(?::jsonb)
         as r(term text, term_rank integer, course_number text, name text, description text, credits text, department text, uf_course_id text)
       on conflict (term, course_number, name) do update set ${columns.map((c) => `${c} = ${after[c]}`).join(', ')}
       where (${columns.map((c) => `g.${c}`).join(', ')}) is distinct from (${columns.map((c) => after[c]).join(', ')})
       returning g.id, (xmax = 0) as inserted`,
      [JSON.stringify(rows)],
    );
    await this.refreshSearch(
      trx,
      written.map((r) => r.id),
    );
    const inserted = written.filter((r) => r.inserted).length;
    return { inserted, updated: written.length - inserted, unchanged: rows.length - written.length };
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

  async tidy(): Promise<void> {
    // Outside any transaction (VACUUM cannot run in one); reads and writes go on meanwhile.
    await this.db.raw('vacuum (analyze) catalog_courses, courses, catalog_course_search');
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
      if (!dryRun) this.written();
    }
  }
}

function groupKeyOf(e: Pick<CatalogEntry, 'term' | 'courseNumber' | 'name'>): string {
  return `${e.term}\u0000${e.courseNumber}\u0000${e.name}`;
}
