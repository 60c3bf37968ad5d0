// A job queue as a list, for unit tests: what was sent, a key queued once (as
// pg-boss keeps it), and a send that can be told to fail; nothing runs.
import type { JobOptions, JobQueue } from '@application/ports/job-queue';

export class RecordingJobQueue implements JobQueue {
  readonly sent: { queue: string; data: object; options?: JobOptions }[] = [];
  /** The next send throws (the database away). */
  failNext = false;

  async send<Data extends object>(queue: string, data: Data, options?: JobOptions): Promise<string | null> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database away');
    }
    if (options?.key && this.sent.some((job) => job.queue === queue && job.options?.key === options.key)) return null;
    this.sent.push({ queue, data, options });
    return String(this.sent.length);
  }

  async work(): Promise<void> {}

  async stats() {
    return { queued: this.sent.length, due: 0, oldestDueAgeMs: null };
  }
}
