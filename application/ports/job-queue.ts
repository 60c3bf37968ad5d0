// Work the product does later or in the background, durably (issue 26: the
// notifications' gathering, digests, reminders and sends). A job sent is
// stored before send() resolves, so it survives a restart; a handler that
// throws, or a process that dies mid-job, has the job run again, with growing
// waits, up to its retry limit; a job sent with a key is queued once however
// many times (and by however many app servers) it is sent.

export interface JobOptions {
  /**
   * Idempotency: at most one job of this queue with this key while the job is
   * kept (JobQueue adapters say how long); a second send answers null.
   */
  key?: string;
  /** Not run before this time. */
  startAfter?: Date;
  /** How many times a failed job runs again; the queue's default when unset. */
  retryLimit?: number;
}

export interface QueuedJob<Data> {
  id: string;
  data: Data;
}

export interface JobQueueStats {
  /** Waiting to run (new, scheduled for later, or waiting to retry). */
  queued: number;
  /** Of those, the ones whose time has come (the rest are scheduled for later). */
  due: number;
  /** How long the oldest due job has waited past its start (ms), null when none is due: what grows when workers fall behind. */
  oldestDueAgeMs: number | null;
}

export interface JobQueue {
  /** Stores the job; answers its id, or null when a job with the same key is already there. */
  send<Data extends object>(queue: string, data: Data, options?: JobOptions): Promise<string | null>;
  /** Runs `handler` for each job of the queue on this process until the queue stops; jobs due together may run side by side, each retried on its own. */
  work<Data extends object>(queue: string, handler: (job: QueuedJob<Data>) => Promise<void>): Promise<void>;
  stats(queue: string): Promise<JobQueueStats>;
}
