// Web push wired: the devices and the sender (registerPush), the settings the
// use cases share, read from configuration (the VAPID public key, none when
// push is off on this server, and whether tests' loopback endpoints are
// taken), and the use cases, which use-cases.ts spreads into its table.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { DependencyContainer } from 'tsyringe';
import { RemovePushSubscription, SavePushSubscription, type PushSettings } from '@application/push/push-devices';
import { SendTestPush } from '@application/push/send-test-push';
import { token, TOKENS, type Token } from '@application/ports/tokens';
import { KnexPushSubscriptions } from '@adapters/postgres/knex-push-subscriptions';
import { NO_PUSH, WebPushSender } from '@adapters/push/web-push-sender';
import type { AppConfig } from './config';
import { register, type Resolve } from './register';

const PUSH_SETTINGS = token<PushSettings>('PushSettings');

export function registerPush(c: DependencyContainer, config: AppConfig, logger: Logger, db: Token<Knex>): void {
  register(c, PUSH_SETTINGS, () => ({ publicKey: config.push.vapid?.publicKey ?? null, allowLoopback: config.push.allowLoopback }));
  // Devices in the database; sent with the VAPID keys, or not at all on a server without them.
  register(c, TOKENS.PushSubscriptions, (r) => new KnexPushSubscriptions(r(db)));
  register(c, TOKENS.PushSender, (r) => {
    const vapid = config.push.vapid;
    if (!vapid) return NO_PUSH;
    return new WebPushSender(r(TOKENS.PushSubscriptions), vapid, { now: r(TOKENS.Clock), logger: logger.child({ component: 'web-push' }) });
  });
}

const { PushSubscriptions, PushSender, RateLimiter, Clock } = TOKENS;

export const PUSH_USE_CASES = {
  pushSettings: (r) => r(PUSH_SETTINGS),
  savePushSubscription: (r) => new SavePushSubscription(r(PushSubscriptions), r(RateLimiter), r(PUSH_SETTINGS), r(Clock)),
  removePushSubscription: (r) => new RemovePushSubscription(r(PushSubscriptions)),
  sendTestPush: (r) => new SendTestPush(r(PushSender), r(RateLimiter), r(PUSH_SETTINGS), r(Clock)),
} satisfies Record<string, (resolve: Resolve) => unknown>;
