// A student turns notifications on or off for one device (browser or phone):
// the subscription the browser made is checked and kept, or removed. Only
// the signed-in student's own devices are touched.
import { checkPushSubscription, MAX_PUSH_DEVICES, type PushSubscriptionInput } from './push-subscription-rules';
import { DomainError, RateLimitedError } from '@domain/errors';
import type { UserId } from '@domain/ids';
import type { Clock } from '@application/ports/clock';
import type { PushSubscriptions } from '@application/ports/push-subscriptions';
import type { RateLimiter, RateRule } from '@application/ports/rate-limiter';

export interface PushSettings {
  /** The server's VAPID public key (base64url), which a browser subscribes with; null: push is off on this server. */
  publicKey: string | null;
  /** PUSH_ALLOW_LOOPBACK: tests' push services on this machine. */
  allowLoopback: boolean;
}

/** Saving a device writes a row: 30 an hour is many browsers' worth of turning on and off. */
const PUSH_DEVICE_RULE = { name: 'push-device', points: 30, windowMs: 3_600_000 } satisfies RateRule;

export class PushNotConfiguredError extends DomainError {
  constructor() {
    super('PUSH_NOT_CONFIGURED', 'Notifications are not set up on this server.');
  }
}

export class SavePushSubscription {
  constructor(
    private readonly subscriptions: PushSubscriptions,
    private readonly limiter: RateLimiter,
    private readonly settings: PushSettings,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: { actingUserId: UserId; subscription: PushSubscriptionInput }): Promise<void> {
    if (!this.settings.publicKey) throw new PushNotConfiguredError();
    const subscription = checkPushSubscription(command.subscription, this.settings);
    const decision = await this.limiter.consume(PUSH_DEVICE_RULE, `user:${command.actingUserId}`);
    if (!decision.allowed) throw RateLimitedError.retryIn('Notifications were turned on too often', decision.retryAfterMs);
    await this.subscriptions.save(command.actingUserId, subscription, new Date(this.now()), MAX_PUSH_DEVICES);
  }
}

export class RemovePushSubscription {
  constructor(private readonly subscriptions: PushSubscriptions) {}

  /** False when the student had no device with that endpoint (already off, or another student's). */
  async execute(command: { actingUserId: UserId; endpoint: string }): Promise<{ removed: boolean }> {
    return { removed: await this.subscriptions.remove(command.actingUserId, command.endpoint) };
  }
}
