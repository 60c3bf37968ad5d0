// What an import or a sync writes to the catalog; students read it through
// CourseCatalog, which sees every write at once.
import type { CatalogCourseEntry, CatalogEntry } from '@domain/course/course';

export interface UpsertCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface WriteOptions {
  /** Who writes: '' for a file import, 'uf-soc:<category>' for a sync (the scope of its withdrawals). */
  source?: string;
  /** Counts what would change and writes nothing. */
  dryRun?: boolean;
}

export interface CourseCatalogWriter {
  /**
   * Inserts or updates sections by (term, class number); a withdrawn section
   * written again is back. Each section's course (term, code and name) is
   * created when new, and has published sections from then on; its
   * description, credits and department follow its first section's (on offer
   * first, by class number) where that has them.
   */
  upsert(entries: CatalogEntry[], options?: WriteOptions): Promise<UpsertCounts>;
  /**
   * Inserts or updates courses of course-level records by (term, code, name)
   * (the last of a batch wins): a new course is listed without sections
   * (sectionsPublished false) until sections of it are written. A course
   * without sections takes the record's description and credits, and its
   * department and UF course id when given; a course with sections keeps its
   * sections' and takes from the record only what is empty, and stays
   * published. Counts courses.
   */
  upsertCourses(records: CatalogCourseEntry[], options?: Pick<WriteOptions, 'dryRun'>): Promise<UpsertCounts>;
  /**
   * The term's sections of this source on offer (not withdrawn), and how many
   * of them withdrawMissing with the same `present` would withdraw.
   */
  missingSections(term: string, source: string, present: number[]): Promise<{ listed: number; missing: number }>;
  /**
   * Marks withdrawn the term's sections of this source whose class number is
   * not in `present` (and not withdrawn already); answers how many.
   */
  withdrawMissing(term: string, source: string, present: number[], options?: Pick<WriteOptions, 'dryRun'>): Promise<number>;
  /**
   * After a bulk write (an import, a sync): clears the dead row versions its
   * updates left (a course row is rewritten when its sections change, and a
   * course of a course-level record when its sections come) and refreshes the
   * planner's statistics, so that searches do not walk them. The embedded
   * PGlite has no autovacuum; on Postgres this only comes sooner.
   */
  tidy(): Promise<void>;
}
