// A push sender and a job queue that record what they are given, for unit
// tests of the notifications: one device per student that takes each push key
// once (as the web push adapter keeps it), and keyed jobs queued once.
import type { JobOptions, JobQueue } from '@application/ports/job-queue';
import type { PushMessage, PushResult, PushSender } from '@application/ports/push-sender';
import type { UserId } from '@domain/ids';

export class RecordingPush implements PushSender {
  readonly sent: { userId: UserId; message: PushMessage; key: string }[] = [];
  private readonly delivered = new Set<string>();
  failNext = 0;
  async send(userId: UserId, message: PushMessage, key: string): Promise<PushResult> {
    if (this.failNext > 0) {
      this.failNext -= 1;
      return { sent: 0, removed: 0, failed: 1 };
    }
    // One device per student; a key reaches it once (as the web push adapter keeps it).
    if (!this.delivered.has(`${userId}:${key}`)) this.sent.push({ userId, message, key });
    this.delivered.add(`${userId}:${key}`);
    return { sent: 1, removed: 0, failed: 0 };
  }
}

export class RecordingJobs implements JobQueue {
  readonly sent: { queue: string; data: object; options?: JobOptions }[] = [];
  failNext = false;
  async send<Data extends object>(queue: string, data: Data, options?: JobOptions): Promise<string | null> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database away');
    }
    if (options?.key && this.sent.some((job) => job.options?.key === options.key)) return null;
    this.sent.push({ queue, data, options });
    return String(this.sent.length);
  }
  async work(): Promise<void> {}
  async stats() {
    return { queued: this.sent.length, due: 0, oldestDueAgeMs: null };
  }
}
