// The composition root: the one place that picks an adapter for every port,
// from configuration (embedded when no DATABASE_URL / REDIS_URL), and that
// the app server, the CLIs and the tests all start from. One tsyringe
// container holds every registration (the adapters here, the use cases in
// use-cases.ts), each a cached factory keyed by a typed token
// (application/ports/tokens.ts, register.ts), so resolve(TOKENS.ChatLog) is a
// ChatLog and resolve(USE_CASES.signUp) a SignUp.
// tsyringe refuses to load without a Reflect metadata polyfill, although no
// registration here reads decorator metadata (esbuild emits none).
import 'reflect-metadata';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import { NO_TELEMETRY } from '@application/ports/telemetry';
import { TOKENS, tokensOf } from '@application/ports/tokens';
import { HttpScheduleOfCourses } from '@adapters/catalog/http-schedule-of-courses';
import { CachedChatRoomAccess } from '@adapters/chat/cached-chat-room-access';
import { CachedMessageAuthors } from '@adapters/chat/cached-message-authors';
import { LocalChatSignals } from '@adapters/chat/local-chat-signals';
import { LocalMembershipChanges } from '@adapters/chat/local-membership-changes';
import { RememberingChatLog, RoomNewest } from '@adapters/chat/room-newest';
import { SignalHub } from '@adapters/chat/signal-hub';
import type { AppConfig } from './config';
import { createKnex, type DatabaseTarget } from '@adapters/database/create-knex';
import { HeldPolls, MAX_HELD_POLLS_PER_SESSION } from '@adapters/http/held-polls';
import { BackgroundMailer } from '@adapters/mail/background-mailer';
import { outboxMailer, smtpMailer, type NodemailerMailer } from '@adapters/mail/nodemailer-mailer';
import { AppMetrics } from '@adapters/observability/app-metrics';
import { KnexAccountTokens } from '@adapters/postgres/knex-account-tokens';
import { KnexCatalogSyncState } from '@adapters/postgres/knex-catalog-sync-state';
import { FileCatalogSnapshot } from '@adapters/catalog/file-catalog-snapshot';
import { SHIPPED_CATALOG } from '@adapters/catalog/catalog-file-reader';
import { KnexChatArchive } from '@adapters/postgres/knex-chat-archive';
import { KnexChatLog } from '@adapters/postgres/knex-chat-log';
import { KnexChatRoomAccess } from '@adapters/postgres/knex-chat-room-access';
import { KnexCourseCatalog } from '@adapters/postgres/knex-course-catalog';
import { KnexCourseCatalogWriter } from '@adapters/postgres/knex-course-catalog-writer';
import { KnexCourseMembership } from '@adapters/postgres/knex-course-membership';
import { KnexRateLimiter } from '@adapters/postgres/knex-rate-limiter';
import { KnexReadMarkers } from '@adapters/postgres/knex-read-markers';
import { KnexSessionStore } from '@adapters/postgres/knex-session-store';
import { KnexStudyGroupRepository } from '@adapters/postgres/knex-study-group-repository';
import { KnexGroupInvitations } from '@adapters/postgres/knex-group-invitations';
import { KnexMemberSchedules } from '@adapters/postgres/knex-member-schedules';
import { KnexCalendarFeeds } from '@adapters/postgres/knex-calendar-feeds';
import { KnexUserRepository } from '@adapters/postgres/knex-user-repository';
import { KnexNotificationPreferences } from '@adapters/postgres/knex-notification-preferences';
import { HmacUnsubscribeLinks } from '@adapters/security/hmac-unsubscribe-links';
import { registerPush } from './push-use-cases';
import { registerNotificationJobs, startNotificationWork } from './notification-jobs';
import { RedisChatArchiveProjector } from '@adapters/redis/redis-chat-archive-projector';
import { RedisChatSignals } from '@adapters/redis/redis-chat-signals';
import { createRedisClient, redisTargetOf, type RedisConnection } from '@adapters/redis/redis-client';
import { RedisMembershipChanges } from '@adapters/redis/redis-membership-changes';
import { RedisRateLimiter } from '@adapters/redis/redis-rate-limiter';
import { RedisSessionChanges } from '@adapters/redis/redis-session-changes';
import { RedisSessionStore } from '@adapters/redis/redis-session-store';
import { RedisStreamChatLog } from '@adapters/redis/redis-stream-chat-log';
import { RedisSubscriber } from '@adapters/redis/redis-subscriber';
import { BcryptPasswordHasher } from '@adapters/security/bcrypt-password-hasher';
import { PackagedCommonPasswords } from '@adapters/security/packaged-common-passwords';
import { CachedSessionStore } from '@adapters/session/cached-session-store';
import { register, resolverOf, type Resolve } from './register';
import { registerUseCases } from './use-cases';

/** Handles only adapters know: infrastructure and the services beside the ports. */
interface Infrastructure {
  Knex: Knex;
  /** Registered in services mode only, as are the chat archive, the subscriber and what listens on it, and the projector. */
  Redis: RedisConnection;
  /** The catalog's reads (CourseCatalog), which remember the listings' totals a while; the writer has them forget at once. */
  CatalogReads: KnexCourseCatalog;
  RoomAccessCache: CachedChatRoomAccess;
  /** The waiting chat requests of this process (its `waiting` count is what tests and metrics read). */
  SignalHub: SignalHub;
  /** The long polls this process holds per session, and their cap (the fast path and the chat routes share it). */
  HeldPolls: HeldPolls;
  RoomNewest: RoomNewest;
  SessionCache: CachedSessionStore;
  ChatArchive: KnexChatArchive;
  Subscriber: RedisSubscriber;
  MembershipListener: RedisMembershipChanges;
  SessionChanges: RedisSessionChanges;
  ChatProjector: RedisChatArchiveProjector;
  /** Registered when METRICS is on. */
  Metrics: AppMetrics;
  /** The mail transport (SMTP, or the outbox), closed at shutdown. */
  MailTransport: NodemailerMailer;
  /** The Mailer port: sends through MailTransport in the background; shutdown waits for it. */
  Mailer: BackgroundMailer;
}

export const INFRA = tokensOf<Infrastructure>()([
  'Knex',
  'Redis',
  'CatalogReads',
  'RoomAccessCache',
  'SignalHub',
  'HeldPolls',
  'RoomNewest',
  'SessionCache',
  'ChatArchive',
  'Subscriber',
  'MembershipListener',
  'SessionChanges',
  'ChatProjector',
  'Metrics',
  'MailTransport',
  'Mailer',
]);

export interface Composition {
  readonly config: AppConfig;
  /** A port, a use case (USE_CASES) or an infrastructure handle, as its token's type; each built on first use. */
  readonly resolve: Resolve;
}

/** The one choice of database: Postgres when DATABASE_URL is set, PGlite under DATA_DIR otherwise. */
function databaseTarget(config: AppConfig): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir };
}

export function compose(config: AppConfig, logger: Logger): Composition {
  const c = rootContainer.createChildContainer();
  registerAdapters(c, config, logger);
  registerUseCases(c, config);
  return { config, resolve: resolverOf(c) };
}

function registerAdapters(c: DependencyContainer, config: AppConfig, logger: Logger): void {
  const prefix = config.redisKeyPrefix;
  register(c, INFRA.Knex, () => createKnex(databaseTarget(config), knexLog(logger)));
  if (config.metrics.enabled) register(c, INFRA.Metrics, () => new AppMetrics());
  register(c, TOKENS.Telemetry, (r) => (config.metrics.enabled ? r(INFRA.Metrics) : NO_TELEMETRY));
  register(c, TOKENS.Clock, () => () => Date.now());
  // The login guard's hold: a real timer.
  register(c, TOKENS.Sleeper, () => (ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  register(c, TOKENS.PasswordHasher, () => new BcryptPasswordHasher(config.bcryptCost));
  // Read on the first new password (sign-up, reset, change), not at start-up.
  register(c, TOKENS.CommonPasswords, () => new PackagedCommonPasswords());
  register(c, TOKENS.UserRepository, (r) => new KnexUserRepository(r(INFRA.Knex)));
  register(c, TOKENS.AccountTokens, (r) => new KnexAccountTokens(r(INFRA.Knex), r(TOKENS.Clock)));
  // The chat's authors' names, and who deleted their account, remembered in-process.
  register(c, TOKENS.MessageAuthors, (r) => new CachedMessageAuthors(r(TOKENS.UserRepository), r(TOKENS.Clock)));
  // Mail: SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox; never on a request's path.
  const { smtpUrl, mailFrom, outboxDir } = config.accounts;
  register(c, INFRA.MailTransport, () => (smtpUrl ? smtpMailer(smtpUrl, mailFrom) : outboxMailer(outboxDir, mailFrom, logger)));
  register(
    c,
    INFRA.Mailer,
    (r) =>
      new BackgroundMailer(
        r(INFRA.MailTransport),
        logger.child({ component: 'mailer' }),
        config.metrics.enabled ? (kind, outcome) => r(INFRA.Metrics).recordMail(kind, outcome) : undefined,
      ),
  );
  register(c, TOKENS.Mailer, (r) => r(INFRA.Mailer));
  register(c, INFRA.CatalogReads, (r) => new KnexCourseCatalog(r(INFRA.Knex)));
  register(c, TOKENS.CourseCatalog, (r) => r(INFRA.CatalogReads));
  register(c, TOKENS.CourseCatalogWriter, (r) => new KnexCourseCatalogWriter(r(INFRA.Knex), () => r(INFRA.CatalogReads).forgetTotals()));
  register(c, TOKENS.CourseMembership, (r) => new KnexCourseMembership(r(INFRA.Knex)));
  register(
    c,
    TOKENS.ScheduleOfCoursesSource,
    () => new HttpScheduleOfCourses(config.catalog.ufSocUrl, { cookie: config.catalog.ufSocCookie }),
  );
  register(c, TOKENS.CatalogSyncState, (r) => new KnexCatalogSyncState(r(INFRA.Knex)));
  register(c, TOKENS.CatalogSnapshot, () => new FileCatalogSnapshot(config.catalog.file ?? SHIPPED_CATALOG));
  register(c, TOKENS.StudyGroupRepository, (r) => new KnexStudyGroupRepository(r(INFRA.Knex)));
  register(c, TOKENS.GroupInvitations, (r) => new KnexGroupInvitations(r(INFRA.Knex)));
  register(c, TOKENS.MemberSchedules, (r) => new KnexMemberSchedules(r(INFRA.Knex)));
  register(c, TOKENS.CalendarFeeds, (r) => new KnexCalendarFeeds(r(INFRA.Knex)));
  // Who may use a room, remembered in-process; leaving forgets it on every server (MembershipChanges).
  register(
    c,
    INFRA.RoomAccessCache,
    (r) => new CachedChatRoomAccess(new KnexChatRoomAccess(r(INFRA.Knex)), config.chat.accessCacheMs, r(TOKENS.Clock)),
  );
  register(c, TOKENS.ChatRoomAccess, (r) => r(INFRA.RoomAccessCache));
  // Long polls wait here; announcements (local, or from the other servers through the subscriber) wake them.
  register(c, INFRA.SignalHub, () => new SignalHub());
  register(
    c,
    INFRA.HeldPolls,
    (r) => new HeldPolls(MAX_HELD_POLLS_PER_SESSION, config.metrics.enabled ? () => r(INFRA.Metrics).recordReplacedPoll() : undefined),
  );
  register(c, INFRA.RoomNewest, (r) => new RoomNewest(undefined, r(TOKENS.Clock)));
  register(c, TOKENS.ReadMarkers, (r) => new KnexReadMarkers(r(INFRA.Knex)));
  register(c, TOKENS.SessionStore, (r) => r(INFRA.SessionCache));
  // Notifications: each student's choices, and the signed one-click unsubscribe tokens.
  register(c, TOKENS.NotificationPreferences, (r) => new KnexNotificationPreferences(r(INFRA.Knex)));
  register(c, TOKENS.UnsubscribeLinks, () => new HmacUnsubscribeLinks(config.sessionSecret));
  // Web push (push-use-cases.ts), and the notifications' jobs (notification-jobs.ts).
  registerPush(c, config, logger, INFRA.Knex);
  registerNotificationJobs(c, config, logger, INFRA.Knex, INFRA.MailTransport);

  const redisTarget = redisTargetOf(config);
  if (redisTarget) {
    // Connected by startServer (or a CLI) before use: see redis-client.ts.
    register(c, INFRA.Redis, () => createRedisClient(redisTarget, logger));
    // One subscriber connection per process carries what the other servers announce.
    register(c, INFRA.Subscriber, (r) => new RedisSubscriber(r(INFRA.Redis), logger));
    register(
      c,
      INFRA.SessionChanges,
      (r) => new RedisSessionChanges(r(INFRA.Redis), prefix, r(INFRA.Subscriber), () => r(INFRA.SessionCache), logger),
    );
    register(
      c,
      INFRA.SessionCache,
      (r) =>
        new CachedSessionStore(new RedisSessionStore(r(INFRA.Redis), prefix, r(TOKENS.Clock)), {
          now: r(TOKENS.Clock),
          announce: (sid) => r(INFRA.SessionChanges).announce(sid),
        }),
    );
    register(c, TOKENS.RateLimiter, (r) => new RedisRateLimiter(r(INFRA.Redis), prefix));
    // Chat: Redis streams, archived into Postgres by the projector.
    register(c, INFRA.ChatArchive, (r) => new KnexChatArchive(r(INFRA.Knex)));
    register(
      c,
      TOKENS.ChatLog,
      (r) => new RememberingChatLog(new RedisStreamChatLog(r(INFRA.Redis), prefix, r(INFRA.ChatArchive)), r(INFRA.RoomNewest)),
    );
    register(
      c,
      TOKENS.ChatSignals,
      (r) => new RedisChatSignals(r(INFRA.Redis), prefix, r(INFRA.Subscriber), r(INFRA.SignalHub), r(INFRA.RoomNewest), logger),
    );
    register(
      c,
      INFRA.MembershipListener,
      (r) => new RedisMembershipChanges(r(INFRA.Redis), prefix, r(INFRA.Subscriber), r(INFRA.RoomAccessCache), r(INFRA.SignalHub), logger),
    );
    register(c, TOKENS.MembershipChanges, (r) => r(INFRA.MembershipListener));
    register(
      c,
      INFRA.ChatProjector,
      (r) =>
        new RedisChatArchiveProjector(r(INFRA.Redis), prefix, r(INFRA.ChatArchive), {
          retention: config.chat.streamRetention,
          consumer: config.chat.projectorName,
          logger: logger.child({ component: 'chat-projector' }),
          metrics: config.metrics.enabled ? r(INFRA.Metrics) : undefined,
        }),
    );
  } else {
    // Embedded: sessions, counters and chat in the one database.
    // One process (PGlite allows no other), so every change is seen where it is made.
    register(
      c,
      INFRA.SessionCache,
      (r) => new CachedSessionStore(new KnexSessionStore(r(INFRA.Knex), r(TOKENS.Clock)), { now: r(TOKENS.Clock) }),
    );
    register(c, TOKENS.RateLimiter, (r) => new KnexRateLimiter(r(INFRA.Knex)));
    register(c, TOKENS.ChatLog, (r) => new RememberingChatLog(new KnexChatLog(r(INFRA.Knex), r(TOKENS.Clock)), r(INFRA.RoomNewest)));
    register(c, TOKENS.ChatSignals, (r) => new LocalChatSignals(r(INFRA.SignalHub), r(INFRA.RoomNewest)));
    register(c, TOKENS.MembershipChanges, (r) => new LocalMembershipChanges(r(INFRA.RoomAccessCache), r(INFRA.SignalHub)));
  }
}

/**
 * Starts what runs beside the HTTP server: the notification jobs (unless
 * NOTIFICATION_WORKER=false) and, in services mode, the one subscriber
 * (what listens on it registered first) and, unless CHAT_PROJECTOR=false,
 * the chat archive projector. Answers how to stop them.
 */
export async function startBackgroundWork({ config, resolve }: Composition, logger: Logger): Promise<() => Promise<void>> {
  const stopNotifications = await startNotificationWork(resolve, config, logger);
  if (!redisTargetOf(config)) return stopNotifications;
  const subscriber = resolve(INFRA.Subscriber);
  resolve(TOKENS.ChatSignals);
  resolve(INFRA.MembershipListener);
  resolve(INFRA.SessionChanges);
  await subscriber.start();
  const projector = config.chat.inProcessProjector ? resolve(INFRA.ChatProjector) : null;
  projector?.start();
  return async () => {
    await stopNotifications();
    await projector?.stop();
    await subscriber.stop();
  };
}

// Knex reports each failed connection attempt; during an outage every refused
// request is already logged once (error-handler.ts), so these go to debug.
function knexLog(logger: Logger) {
  const log = logger.child({ component: 'knex' });
  return {
    warn: (message: string) => log.debug(message),
    error: (message: string) => log.warn(message),
    debug: (message: string) => log.trace(message),
  };
}
