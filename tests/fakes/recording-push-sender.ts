// A push sender as a list, for unit tests: one device per student that takes
// each push key once (as the web push adapter keeps it), and can be told to fail.
import type { PushMessage, PushResult, PushSender } from '@application/ports/push-sender';
import type { UserId } from '@domain/ids';

export class RecordingPushSender implements PushSender {
  readonly sent: { userId: UserId; message: PushMessage; key: string }[] = [];
  private readonly delivered = new Set<string>();
  /** The next this many sends find the device unreachable. */
  failNext = 0;

  async send(userId: UserId, message: PushMessage, key: string): Promise<PushResult> {
    if (this.failNext > 0) {
      this.failNext -= 1;
      return { sent: 0, removed: 0, failed: 1 };
    }
    if (!this.delivered.has(`${userId}:${key}`)) this.sent.push({ userId, message, key });
    this.delivered.add(`${userId}:${key}`);
    return { sent: 1, removed: 0, failed: 0 };
  }
}
