// "Send a test notification": a student checks that notifications reach their
// devices. Each press is a message of its own (its own key); a few a minute
// at most, as each is a POST to every device's push service.
import { RateLimitedError } from '@domain/errors';
import type { UserId } from '@domain/ids';
import type { Clock } from '@application/ports/clock';
import type { PushResult, PushSender } from '@application/ports/push-sender';
import type { RateLimiter, RateRule } from '@application/ports/rate-limiter';
import { PushNotConfiguredError, type PushSettings } from './push-devices';

const TEST_PUSH_RULE = { name: 'test-push', points: 3, windowMs: 60_000 } satisfies RateRule;

const TEST_PUSH_MESSAGE = {
  title: 'Study Swamp',
  body: 'Notifications are on for this device.',
  url: '/profile',
  tag: 'test-notification',
};

export class SendTestPush {
  constructor(
    private readonly sender: PushSender,
    private readonly limiter: RateLimiter,
    private readonly settings: PushSettings,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: { actingUserId: UserId }): Promise<PushResult> {
    if (!this.settings.publicKey) throw new PushNotConfiguredError();
    const decision = await this.limiter.consume(TEST_PUSH_RULE, `user:${command.actingUserId}`);
    if (!decision.allowed) throw RateLimitedError.retryIn('Test notifications were sent too often', decision.retryAfterMs);
    return this.sender.send(command.actingUserId, TEST_PUSH_MESSAGE, `test:${command.actingUserId}:${this.now()}`);
  }
}
