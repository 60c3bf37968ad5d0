// What an import or a sync writes to the catalog; students read it through
// CourseCatalog, which sees every write at once.
import type { CatalogEntry } from '@domain/course/course';

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
  /** Inserts or updates by (term, class number); a withdrawn section written again is back. */
  upsert(entries: CatalogEntry[], options?: WriteOptions): Promise<UpsertCounts>;
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
}
