// The web push use cases, registered with the others (use-cases.ts spreads
// them into its table), and the push settings they share, read from
// configuration: the VAPID public key (none: push is off on this server) and
// whether tests' loopback endpoints are taken.
import type { DependencyContainer } from 'tsyringe';
import { RemovePushSubscription, SavePushSubscription, type PushSettings } from '@application/push/push-devices';
import { SendTestPush } from '@application/push/send-test-push';
import { token, TOKENS } from '@application/ports/tokens';
import type { AppConfig } from './config';
import { register, type Resolve } from './register';

const PUSH_SETTINGS = token<PushSettings>('PushSettings');

export function registerPushSettings(c: DependencyContainer, config: AppConfig): void {
  register(c, PUSH_SETTINGS, () => ({ publicKey: config.push.vapid?.publicKey ?? null, allowLoopback: config.push.allowLoopback }));
}

const { PushSubscriptions, PushSender, RateLimiter, Clock } = TOKENS;

export const PUSH_USE_CASES = {
  pushSettings: (r) => r(PUSH_SETTINGS),
  savePushSubscription: (r) => new SavePushSubscription(r(PushSubscriptions), r(RateLimiter), r(PUSH_SETTINGS), r(Clock)),
  removePushSubscription: (r) => new RemovePushSubscription(r(PushSubscriptions)),
  sendTestPush: (r) => new SendTestPush(r(PushSender), r(RateLimiter), r(PUSH_SETTINGS), r(Clock)),
} satisfies Record<string, (resolve: Resolve) => unknown>;
