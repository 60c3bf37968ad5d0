// The PushSender while web push is not set up on this server: it reaches no
// device, and says so (every student has no device to send to), so the
// notifications go on by mail alone. The web-push adapter replaces it in the
// composition root when push is configured.
import type { PushMessage, PushResult, PushSender } from '@application/ports/push-sender';
import type { UserId } from '@domain/ids';

export class UnconfiguredPushSender implements PushSender {
  async send(_userId: UserId, _message: PushMessage, _key: string): Promise<PushResult> {
    return { sent: 0, removed: 0, failed: 0 };
  }
}
