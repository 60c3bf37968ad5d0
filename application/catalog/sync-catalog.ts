// Syncs one term (and program category) of the catalog from UF's Schedule of
// Courses: pages through it one request at a time, asks again with backoff
// when UF fails or hangs, writes each page's sections and keeps its progress
// (so an interrupted run resumes from the last control number), and after a
// complete run marks withdrawn the sections UF no longer lists. Meeting
// times: meetings.ts. One run of a term and category at a time (the state's
// lock). A second run changes nothing; a dry run writes nothing.
// UF's answer is trusted only so far (SyncStoppedError, each with a message):
// a page too large to read (the source refuses it), more pages than any term
// has, a control number answered again (a paging loop), and a complete answer
// that would withdraw more than a set share of the term's sections (unless
// allowed) stop the run before anything is withdrawn.
import { parseCatalogRecord } from '@domain/course/catalog-record';
import type { CatalogEntry } from '@domain/course/course';
import type { CatalogSyncState, SyncCounts, SyncRun } from '@application/ports/catalog-sync-state';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { CourseCatalogWriter } from '@application/ports/course-catalog-writer';
import {
  SourceAnswerRefusedError,
  SourceUnavailableError,
  type ScheduleOfCoursesSource,
  type SchedulePage,
} from '@application/ports/schedule-of-courses-source';
import type { Sleeper } from '@application/ports/sleeper';
import { keepKnownMeetings, MeetingTimesReading } from './meetings';

export interface SyncCommand {
  /** "Fall 2025" */
  term: string;
  /** UF's code of the same term: "2258". */
  termCode: string;
  category: string;
  dryRun?: boolean;
  /** Start from the first page even when an earlier run was interrupted. */
  fresh?: boolean;
  /** Withdraw what a complete run finds missing even past `maxWithdrawShare`. */
  allowMassWithdraw?: boolean;
  /** The share (0 to 1) of the term's listed sections a run may withdraw; SYNC_LIMITS.maxWithdrawShare by default. */
  maxWithdrawShare?: number;
}

/**
 * How far UF's answer is believed. A whole term (CWSP, Spring 2025: 4,536
 * rows at 50 a page) is about 91 pages: 1,000 pages is eleven times that, and
 * only a source that never ends gets there. A term's sections come and go by
 * a few percent between two syncs; a fifth gone at once is UF answering short.
 */
export const SYNC_LIMITS = { maxPages: 1_000, maxWithdrawShare: 0.2 };

export interface RetryPolicy {
  /** Further attempts after the first, per page. */
  retries: number;
  /** The first wait; each further one doubles, up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { retries: 5, firstDelayMs: 1_000, maxDelayMs: 30_000 };

export type SyncEvent =
  | { kind: 'start'; resumedFrom: number | null; pagesDone: number; signedIn: boolean }
  /** At most once a run: UF answered without meeting times (MeetingTimesReading says when). */
  | { kind: 'no-meeting-times'; signedIn: boolean }
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
  /** Whether UF was asked as a signed-in session (ScheduleOfCoursesSource.signedIn). */
  signedIn: boolean;
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

/** Another run of the same term and category holds the lock: this one did nothing. */
export class SyncLockedError extends Error {
  constructor(term: string, category: string) {
    super(`Another sync of ${term} (${category}) is running on this database: this run did nothing.`);
    this.name = 'SyncLockedError';
  }
}

export type SyncStopReason = 'answer-too-large' | 'page-limit' | 'repeated-control-number' | 'mass-withdraw';

/**
 * UF's answer is not one the sync trusts: the run stops, nothing is withdrawn,
 * the pages written so far stay written and the run stays unfinished (the
 * same command continues it; after a mass-withdraw stop, allowed, it withdraws).
 */
export class SyncStoppedError extends Error {
  constructor(
    readonly reason: SyncStopReason,
    message: string,
    readonly details: { controlNumber?: number; wouldWithdraw?: number; listed?: number } = {},
  ) {
    super(message);
    this.name = 'SyncStoppedError';
  }

  get controlNumber(): number | undefined {
    return this.details.controlNumber;
  }

  get wouldWithdraw(): number | undefined {
    return this.details.wouldWithdraw;
  }

  get listed(): number | undefined {
    return this.details.listed;
  }
}

const NOTHING_WITHDRAWN = 'Nothing was withdrawn.';
const percent = (share: number) => `${(Math.round(share * 1000) / 10).toFixed(1)} %`;

const zeroCounts = (): SyncCounts => ({ added: 0, changed: 0, unchanged: 0, withdrawn: 0, rejected: 0, keptMeetTimes: 0 });

export class SyncCatalog {
  constructor(
    private readonly source: ScheduleOfCoursesSource,
    private readonly catalog: CourseCatalog,
    private readonly writer: CourseCatalogWriter,
    private readonly state: CatalogSyncState,
    private readonly sleep: Sleeper,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
    private readonly limits: { maxPages: number } = SYNC_LIMITS,
  ) {}

  async execute(command: SyncCommand, onEvent: (event: SyncEvent) => void = () => {}): Promise<SyncSummary> {
    const lock = await this.state.lock(command.term, command.category);
    if (!lock) throw new SyncLockedError(command.term, command.category);
    try {
      return await this.sync(command, onEvent);
    } finally {
      // A lock that cannot be given back (the database went) goes with its connection; the run's own outcome is what counts.
      await lock.release().catch(() => {});
    }
  }

  private async sync(command: SyncCommand, onEvent: (event: SyncEvent) => void): Promise<SyncSummary> {
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
    // Every control number asked for in this process: one answered again is a loop.
    const asked = new Set<number>();
    const signedIn = this.source.signedIn;
    const meetings = new MeetingTimesReading(signedIn, () => onEvent({ kind: 'no-meeting-times', signedIn }));
    onEvent({ kind: 'start', resumedFrom, pagesDone: run.pages, signedIn });

    for (;;) {
      const controlNumber = run.nextControlNumber;
      asked.add(controlNumber);
      const page = await this.fetch(command, controlNumber, onEvent);
      if (page.retrievedRows === 0) break;
      if (asked.has(page.nextControlNumber)) {
        throw new SyncStoppedError(
          'repeated-control-number',
          `UF answered control number ${page.nextControlNumber} again (the page at control number ${controlNumber} points back to it): its paging loops. Stopped; nothing was withdrawn.`,
          { controlNumber: page.nextControlNumber },
        );
      }
      if (run.pages >= this.limits.maxPages) {
        throw new SyncStoppedError(
          'page-limit',
          `UF's answer for ${command.term} (${command.category}) went on past ${this.limits.maxPages.toLocaleString('en-US')} pages (a whole term is about 100): stopped at control number ${controlNumber}. ${NOTHING_WITHDRAWN}`,
          { controlNumber },
        );
      }
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
      if (meetings.keepsKnown([...entries.values()]))
        run.counts.keptMeetTimes += await keepKnownMeetings(this.catalog, command.term, entries);
      const written = await this.writer.upsert([...entries.values()], { source: origin, dryRun });
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

    meetings.finish();
    // An answer with no section at all is UF failing, not every class cancelled: withdraw nothing then.
    if (seen.size > 0) {
      if (!command.allowMassWithdraw) await this.refuseMassWithdraw(command, origin, [...seen]);
      run.counts.withdrawn += await this.writer.withdrawMissing(command.term, origin, [...seen], { dryRun });
    }
    if (!dryRun) await this.state.finish(run);
    return { ...run.counts, pages: run.pages, courses: courses.size, sections: seen.size, resumedFrom, rejections, dryRun, signedIn };
  }

  /** Stops the run when it would withdraw more than the allowed share of the term's listed sections. */
  private async refuseMassWithdraw(command: SyncCommand, origin: string, seen: number[]): Promise<void> {
    const maxShare = command.maxWithdrawShare ?? SYNC_LIMITS.maxWithdrawShare;
    const { listed, missing } = await this.writer.missingSections(command.term, origin, seen);
    if (missing === 0 || missing / listed <= maxShare) return;
    throw new SyncStoppedError(
      'mass-withdraw',
      `This run would withdraw ${missing} of the ${listed} sections ${command.term} (${command.category}) lists (${percent(missing / listed)}), ` +
        `more than the ${Math.round(maxShare * 1000) / 10} % a run may withdraw: nothing was withdrawn.`,
      { wouldWithdraw: missing, listed },
    );
  }

  /** One page, asked again after a failure that may pass (doubling waits), up to the policy's retries. */
  private async fetch(command: SyncCommand, controlNumber: number, onEvent: (event: SyncEvent) => void): Promise<SchedulePage> {
    const attempts = this.retry.retries + 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.source.page({ termCode: command.termCode, category: command.category, controlNumber });
      } catch (error) {
        if (error instanceof SourceAnswerRefusedError) {
          throw new SyncStoppedError(
            'answer-too-large',
            `UF's answer for the page at control number ${controlNumber} ${error.message}. ${NOTHING_WITHDRAWN}`,
            {
              controlNumber,
            },
          );
        }
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
