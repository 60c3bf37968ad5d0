// A sync's progress, kept so that an interrupted run continues where it
// stopped: the next control number, the counts so far and the class numbers
// seen (which a complete run needs to tell the withdrawn sections); and the
// lock that keeps a second run of the same term and category from starting.

export interface SyncCounts {
  added: number;
  changed: number;
  unchanged: number;
  withdrawn: number;
  rejected: number;
  /** Sections UF answered without meeting times that kept the ones known. */
  keptMeetTimes: number;
}

export interface SyncRun {
  id: number;
  term: string;
  category: string;
  nextControlNumber: number;
  pages: number;
  counts: SyncCounts;
}

/** A run's hold on its term and category, until released (or its process ends). */
export interface SyncLock {
  release(): Promise<void>;
}

export interface CatalogSyncState {
  /** One run of a term and category at a time: the lock, or null while another run holds it. */
  lock(term: string, category: string): Promise<SyncLock | null>;
  /** The term and end of the run that finished last, of any term and category; null before the first. */
  lastFinished(): Promise<{ term: string; finishedAt: Date } | null>;
  /** The run of this term and category that has not finished, if any. */
  unfinished(term: string, category: string): Promise<SyncRun | null>;
  /** A new run from the first page (an unfinished one of the same term and category is dropped). */
  start(term: string, category: string): Promise<SyncRun>;
  /** After a page's sections were written: they count as seen, and the run continues from `run.nextControlNumber`. */
  recordPage(run: SyncRun, classNumbers: number[]): Promise<void>;
  /** The class numbers the run has seen so far. */
  seen(runId: number): Promise<number[]>;
  /** The run is complete: its counts are kept, its seen class numbers dropped. */
  finish(run: SyncRun): Promise<void>;
}
