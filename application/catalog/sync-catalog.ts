// Syncs one term (and program category) of the catalog from UF's Schedule of
// Courses: pages through it one request at a time, asks again with backoff
// when UF fails or hangs, writes each page's sections and keeps its progress
// (so an interrupted run resumes from the last control number), and after a
// complete run marks withdrawn the sections UF no longer lists. A section UF
// answers without meeting times keeps the ones known. A second run
// changes nothing; a dry run writes nothing.
import { parseCatalogRecord } from '../../domain/course/catalog-record';
import type { CatalogEntry } from '../../domain/course/course';
import { withKnownMeetings } from '../../domain/course/meet-times';
import type { CatalogSyncState, SyncCounts, SyncRun } from '../ports/catalog-sync-state';
import type { CourseCatalog } from '../ports/course-catalog';
import { SourceUnavailableError, type ScheduleOfCoursesSource, type SchedulePage } from '../ports/schedule-of-courses-source';
import type { Sleeper } from '../ports/sleeper';

export interface SyncCommand {
  /** "Fall 2025" */
  term: string;
  /** UF's code of the same term: "2258". */
  termCode: string;
  category: string;
  dryRun?: boolean;
  /** Start from the first page even when an earlier run was interrupted. */
  fresh?: boolean;
}

export interface RetryPolicy {
  /** Further attempts after the first, per page. */
  retries: number;
  /** The first wait; each further one doubles, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 5, firstDelayMs: 1_000, maxDelayMs: 30_000 };

export type SyncEvent =
  | { kind: 'start'; resumedFrom: number | null; pagesDone: number }
  | { kind: 'page'; pages: number; pagesEstimate: number; courses: number; sections: number; counts: SyncCounts }
  | { kind: 'retry'; controlNumber: number; attempt: number; attempts: number; waitMs: number; reason: string };

export interface SyncSummary extends SyncCounts {
  pages: number;
  /** Courses (UF course id and name) read in this process. */
  courses: number;
  /** Sections read in this run, resumed parts included. */
  sections: number;
  /** The control number a resumed run started from, null for a run from the first page. */
  resumedFrom: number | null;
  /** Records UF sent that are not sections we can keep, with the reason (the first 50). */
  rejections: string[];
  dryRun: boolean;
}

/** UF did not answer after every retry; the progress is kept, and the same command resumes. */
export class SyncInterruptedError extends Error {
  constructor(
    readonly controlNumber: number,
    reason: string,
  ) {
    super(`UF did not answer the page at control number ${controlNumber} (${reason}).`);
    this.name = 'SyncInterruptedError';
  }
}

const zeroCounts = (): SyncCounts => ({ added: 0, changed: 0, unchanged: 0, withdrawn: 0, rejected: 0, keptMeetTimes: 0 });

export class SyncCatalog {
  constructor(
    private readonly source: ScheduleOfCoursesSource,
    private readonly catalog: CourseCatalog,
    private readonly state: CatalogSyncState,
    private readonly sleep: Sleeper,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {}

  async execute(command: SyncCommand, onEvent: (event: SyncEvent) => void = () => {}): Promise<SyncSummary> {
    const origin = `uf-soc:${command.category}`;
    const dryRun = Boolean(command.dryRun);
    // A dry run neither resumes nor records: it reads the whole term and writes nothing.
    const earlier = dryRun || command.fresh ? null : await this.state.unfinished(command.term, command.category);
    const run: SyncRun = earlier ?? (dryRun ? transientRun(command) : await this.state.start(command.term, command.category));
    const seen = new Set(earlier ? await this.state.seen(run.id) : []);
    const resumedFrom = earlier ? run.nextControlNumber : null;
    const courses = new Set<string>();
    const rejections: string[] = [];
    let rowsPerPage = 0;
    onEvent({ kind: 'start', resumedFrom, pagesDone: run.pages });

    for (;;) {
      const controlNumber = run.nextControlNumber;
      const page = await this.fetch(command, controlNumber, onEvent);
      if (page.retrievedRows === 0) break;
      if (page.nextControlNumber === controlNumber) throw new SyncInterruptedError(controlNumber, 'UF answered the same control number again');
      rowsPerPage = Math.max(rowsPerPage, page.retrievedRows);

      const entries = new Map<number, CatalogEntry>();
      for (const course of page.courses) {
        courses.add(course.key);
        for (const record of course.records) {
          const result = parseCatalogRecord(record);
          if (!result.ok) {
            run.counts.rejected += 1;
            if (rejections.length < 50) rejections.push(`${course.key.replace('\u0000', ' ')}: ${result.reason}`);
          } else if (!seen.has(result.entry.classNumber)) {
            // A course split across pages brings each section once.
            entries.set(result.entry.classNumber, result.entry);
          }
        }
      }
      run.counts.keptMeetTimes += await this.keepKnownMeetings(command.term, entries);
      const written = await this.catalog.upsert([...entries.values()], { source: origin, dryRun });
      run.counts.added += written.inserted;
      run.counts.changed += written.updated;
      run.counts.unchanged += written.unchanged;
      for (const classNumber of entries.keys()) seen.add(classNumber);
      run.pages += 1;
      run.nextControlNumber = page.nextControlNumber;
      if (!dryRun) await this.state.recordPage(run, [...entries.keys()]);
      onEvent({
        kind: 'page',
        pages: run.pages,
        pagesEstimate: Math.max(run.pages, Math.ceil(page.totalRows / rowsPerPage)),
        courses: courses.size,
        sections: seen.size,
        counts: { ...run.counts },
      });
    }

    // An answer with no section at all is UF failing, not every class cancelled: withdraw nothing then.
    if (seen.size > 0) run.counts.withdrawn += await this.catalog.withdrawMissing(command.term, origin, [...seen], { dryRun });
    if (!dryRun) await this.state.finish(run);
    return { ...run.counts, pages: run.pages, courses: courses.size, sections: seen.size, resumedFrom, rejections, dryRun };
  }

  /** Gives the page's sections UF answered without meeting times the ones stored (withKnownMeetings); answers how many did. */
  private async keepKnownMeetings(term: string, entries: Map<number, CatalogEntry>): Promise<number> {
    const without = [...entries.values()].filter((entry) => entry.meetTimes.length === 0).map((entry) => entry.classNumber);
    if (without.length === 0) return 0;
    let kept = 0;
    for (const stored of await this.catalog.findByClassNumbers(term, without)) {
      const entry = entries.get(stored.classNumber)!;
      const next = withKnownMeetings(entry, stored);
      if (next !== entry) {
        entries.set(stored.classNumber, next);
        kept += 1;
      }
    }
    return kept;
  }

  /** One page, asked again after a failure that may pass (doubling waits), up to the policy's retries. */
  private async fetch(command: SyncCommand, controlNumber: number, onEvent: (event: SyncEvent) => void): Promise<SchedulePage> {
    const attempts = this.retry.retries + 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.source.page({ termCode: command.termCode, category: command.category, controlNumber });
      } catch (error) {
        if (!(error instanceof SourceUnavailableError)) throw error;
        if (attempt >= attempts) throw new SyncInterruptedError(controlNumber, `${error.message}, ${attempts} attempts`);
        const waitMs = Math.min(this.retry.maxDelayMs, this.retry.firstDelayMs * 2 ** (attempt - 1));
        onEvent({ kind: 'retry', controlNumber, attempt: attempt + 1, attempts, waitMs, reason: error.message });
        await this.sleep(waitMs);
      }
    }
  }
}

function transientRun(command: SyncCommand): SyncRun {
  return { id: 0, term: command.term, category: command.category, nextControlNumber: 0, pages: 0, counts: zeroCounts() };
}

