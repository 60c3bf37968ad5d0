// The composition root: the one place that picks an adapter for every port,
// from configuration (embedded when no DATABASE_URL / REDIS_URL).
import 'reflect-metadata';
import type { Redis } from 'ioredis';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { ClientThrottle } from '../application/auth/client-throttle';
import { GetUser } from '../application/auth/get-user';
import { LogIn } from '../application/auth/log-in';
import { LoginGuard } from '../application/auth/login-guard';
import { SignUp } from '../application/auth/sign-up';
import { PostChatMessage, POSTING_LIMIT } from '../application/chat/post-chat-message';
import { ReadChatMessages } from '../application/chat/read-chat-messages';
import { GetCoursePage } from '../application/courses/get-course-page';
import { GetDashboard } from '../application/courses/get-dashboard';
import { GetSearchPage } from '../application/courses/get-search-page';
import { JoinCourse } from '../application/courses/join-course';
import { LeaveCourse } from '../application/courses/leave-course';
import { SearchCourses } from '../application/courses/search-courses';
import type { ChatLog } from '../application/ports/chat-log';
import type { ChatRoomAccess } from '../application/ports/chat-room-access';
import { CancelMeeting } from '../application/study-groups/cancel-meeting';
import { CreateStudyGroup } from '../application/study-groups/create-study-group';
import { GetStudyGroupCalendar } from '../application/study-groups/get-study-group-calendar';
import { GetStudyGroupPage } from '../application/study-groups/get-study-group-page';
import { JoinStudyGroup } from '../application/study-groups/join-study-group';
import { LeaveStudyGroup } from '../application/study-groups/leave-study-group';
import { ScheduleMeeting } from '../application/study-groups/schedule-meeting';
import { UpdateMeeting } from '../application/study-groups/update-meeting';
import { UpdateStudyGroup } from '../application/study-groups/update-study-group';
import type { CourseCatalog } from '../application/ports/course-catalog';
import type { CourseMembership } from '../application/ports/course-membership';
import type { MembershipChanges } from '../application/ports/membership-changes';
import type { PasswordHasher } from '../application/ports/password-hasher';
import type { RateLimiter } from '../application/ports/rate-limiter';
import type { Sleeper } from '../application/ports/sleeper';
import type { SessionStore } from '../application/ports/session-store';
import type { StudyGroupRepository } from '../application/ports/study-group-repository';
import { TOKENS } from '../application/ports/tokens';
import type { UserRepository } from '../application/ports/user-repository';
import type { AppConfig } from './config';
import { createKnex } from './database/create-knex';
import { CachedChatRoomAccess } from './chat/cached-chat-room-access';
import { LocalMembershipChanges } from './chat/local-membership-changes';
import { KnexChatArchive } from './postgres/knex-chat-archive';
import { KnexChatLog } from './postgres/knex-chat-log';
import { KnexChatRoomAccess } from './postgres/knex-chat-room-access';
import { KnexCourseCatalog } from './postgres/knex-course-catalog';
import { KnexCourseMembership } from './postgres/knex-course-membership';
import { KnexRateLimiter } from './postgres/knex-rate-limiter';
import { KnexSessionStore } from './postgres/knex-session-store';
import { KnexStudyGroupRepository } from './postgres/knex-study-group-repository';
import { KnexUserRepository } from './postgres/knex-user-repository';
import { RedisChatArchiveProjector } from './redis/redis-chat-archive-projector';
import { createRedisClient } from './redis/redis-client';
import { RedisMembershipChanges } from './redis/redis-membership-changes';
import { RedisRateLimiter } from './redis/redis-rate-limiter';
import { RedisStreamChatLog } from './redis/redis-stream-chat-log';
import { RedisSessionStore } from './redis/redis-session-store';
import { BcryptPasswordHasher } from './security/bcrypt-password-hasher';

/** The login guard's hold: a real timer. */
const sleep: Sleeper = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Infrastructure handles, known only to adapters. */
export const INFRA = {
  Config: Symbol('Config'),
  Logger: Symbol('Logger'),
  Knex: Symbol('Knex'),
  Redis: Symbol('Redis'),
} as const;

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

export function buildContainer(config: AppConfig, logger: Logger): DependencyContainer {
  const c = rootContainer.createChildContainer();
  c.register(INFRA.Config, { useValue: config });
  c.register(INFRA.Logger, { useValue: logger });
  c.register(INFRA.Knex, {
    useFactory: instanceCachingFactory(() =>
      createKnex(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir }, knexLog(logger)),
    ),
  });
  const knex = (d: DependencyContainer) => d.resolve<Knex>(INFRA.Knex);

  if (config.redisUrl) {
    const url = config.redisUrl;
    c.register(INFRA.Redis, {
      // Connected by startServer (or a CLI) before use: see redis-client.ts.
      useFactory: instanceCachingFactory(() => createRedisClient(url, logger)),
    });
    const redis = (d: DependencyContainer) => d.resolve<Redis>(INFRA.Redis);
    c.register<SessionStore>(TOKENS.SessionStore, {
      useFactory: instanceCachingFactory((d) => new RedisSessionStore(redis(d), config.redisKeyPrefix)),
    });
    c.register<RateLimiter>(TOKENS.RateLimiter, {
      useFactory: instanceCachingFactory((d) => new RedisRateLimiter(redis(d), config.redisKeyPrefix)),
    });
  } else {
    c.register<SessionStore>(TOKENS.SessionStore, {
      useFactory: instanceCachingFactory((d) => new KnexSessionStore(knex(d))),
    });
    c.register<RateLimiter>(TOKENS.RateLimiter, {
      useFactory: instanceCachingFactory((d) => new KnexRateLimiter(knex(d))),
    });
  }

  c.register<UserRepository>(TOKENS.UserRepository, {
    useFactory: instanceCachingFactory((d) => new KnexUserRepository(knex(d))),
  });
  c.register<PasswordHasher>(TOKENS.PasswordHasher, {
    useFactory: instanceCachingFactory(() => new BcryptPasswordHasher(config.bcryptCost)),
  });

  c.register(ClientThrottle, {
    useFactory: instanceCachingFactory((d) => new ClientThrottle(d.resolve<RateLimiter>(TOKENS.RateLimiter))),
  });
  c.register(SignUp, {
    useFactory: (d) => new SignUp(d.resolve(TOKENS.UserRepository), d.resolve(TOKENS.PasswordHasher), d.resolve(ClientThrottle)),
  });
  c.register(LoginGuard, {
    useFactory: instanceCachingFactory((d) => new LoginGuard(d.resolve<RateLimiter>(TOKENS.RateLimiter), sleep)),
  });
  c.register(LogIn, {
    useFactory: instanceCachingFactory(
      (d) => new LogIn(d.resolve(TOKENS.UserRepository), d.resolve(TOKENS.PasswordHasher), d.resolve(LoginGuard)),
    ),
  });
  c.register(GetUser, { useFactory: (d) => new GetUser(d.resolve(TOKENS.UserRepository)) });

  c.register<CourseCatalog>(TOKENS.CourseCatalog, {
    useFactory: instanceCachingFactory((d) => new KnexCourseCatalog(knex(d))),
  });
  c.register<CourseMembership>(TOKENS.CourseMembership, {
    useFactory: instanceCachingFactory((d) => new KnexCourseMembership(knex(d))),
  });
  const catalog = (d: DependencyContainer) => d.resolve<CourseCatalog>(TOKENS.CourseCatalog);
  const membership = (d: DependencyContainer) => d.resolve<CourseMembership>(TOKENS.CourseMembership);
  c.register(SearchCourses, { useFactory: (d) => new SearchCourses(catalog(d), membership(d)) });
  c.register(GetSearchPage, { useFactory: (d) => new GetSearchPage(catalog(d), membership(d)) });
  c.register(JoinCourse, { useFactory: (d) => new JoinCourse(catalog(d), membership(d)) });
  c.register(LeaveCourse, {
    useFactory: (d) => new LeaveCourse(catalog(d), membership(d), d.resolve(TOKENS.MembershipChanges), studyGroups(d)),
  });
  c.register(GetDashboard, { useFactory: (d) => new GetDashboard(membership(d), studyGroups(d)) });
  c.register(GetCoursePage, { useFactory: (d) => new GetCoursePage(catalog(d), membership(d), d.resolve(TOKENS.ChatLog), studyGroups(d)) });

  registerChat(c, config, logger);
  registerStudyGroups(c);
  return c;
}

// Chat: Redis streams with a Postgres archive in services mode, the database
// alone in the embedded one; room access cached in-process either way.
function registerChat(c: DependencyContainer, config: AppConfig, logger: Logger): void {
  const knex = (d: DependencyContainer) => d.resolve<Knex>(INFRA.Knex);
  c.register(CachedChatRoomAccess, {
    useFactory: instanceCachingFactory((d) => new CachedChatRoomAccess(new KnexChatRoomAccess(knex(d)), config.chat.accessCacheMs)),
  });
  c.register<ChatRoomAccess>(TOKENS.ChatRoomAccess, { useFactory: (d) => d.resolve(CachedChatRoomAccess) });

  if (config.redisUrl) {
    const redis = (d: DependencyContainer) => d.resolve<Redis>(INFRA.Redis);
    const prefix = config.redisKeyPrefix;
    c.register(KnexChatArchive, { useFactory: instanceCachingFactory((d) => new KnexChatArchive(knex(d))) });
    c.register<ChatLog>(TOKENS.ChatLog, {
      useFactory: instanceCachingFactory((d) => new RedisStreamChatLog(redis(d), prefix, d.resolve(KnexChatArchive))),
    });
    c.register(RedisMembershipChanges, {
      useFactory: instanceCachingFactory((d) => new RedisMembershipChanges(redis(d), prefix, d.resolve(CachedChatRoomAccess), logger)),
    });
    c.register<MembershipChanges>(TOKENS.MembershipChanges, { useFactory: (d) => d.resolve(RedisMembershipChanges) });
    c.register(RedisChatArchiveProjector, {
      useFactory: instanceCachingFactory(
        (d) =>
          new RedisChatArchiveProjector(redis(d), prefix, d.resolve(KnexChatArchive), {
            retention: config.chat.streamRetention,
            consumer: config.chat.projectorName,
            logger: logger.child({ component: 'chat-projector' }),
          }),
      ),
    });
  } else {
    c.register<ChatLog>(TOKENS.ChatLog, { useFactory: instanceCachingFactory((d) => new KnexChatLog(knex(d))) });
    c.register<MembershipChanges>(TOKENS.MembershipChanges, {
      useFactory: instanceCachingFactory((d) => new LocalMembershipChanges(d.resolve(CachedChatRoomAccess))),
    });
  }

  c.register(ReadChatMessages, {
    useFactory: (d) => new ReadChatMessages(d.resolve(TOKENS.ChatRoomAccess), d.resolve(TOKENS.ChatLog)),
  });
  c.register(PostChatMessage, {
    useFactory: (d) =>
      new PostChatMessage(
        d.resolve(TOKENS.ChatRoomAccess),
        d.resolve(TOKENS.ChatLog),
        d.resolve(TOKENS.UserRepository),
        d.resolve(TOKENS.RateLimiter),
        { ...POSTING_LIMIT, messages: config.chat.postLimit },
      ),
  });
}

/**
 * Starts what runs beside the HTTP server: the membership-change listener and,
 * unless CHAT_PROJECTOR=false, the chat archive projector (services mode only).
 * Answers a function that stops them cleanly.
 */
export async function startBackgroundWork(c: DependencyContainer, config: AppConfig): Promise<() => Promise<void>> {
  if (!config.redisUrl) return async () => {};
  const changes = c.resolve(RedisMembershipChanges);
  await changes.start();
  const projector = config.chat.inProcessProjector ? c.resolve(RedisChatArchiveProjector) : null;
  projector?.start();
  return async () => {
    await projector?.stop();
    await changes.stop();
  };
}

function registerStudyGroups(c: DependencyContainer): void {
  const knex = (d: DependencyContainer) => d.resolve<Knex>(INFRA.Knex);
  c.register<StudyGroupRepository>(TOKENS.StudyGroupRepository, {
    useFactory: instanceCachingFactory((d) => new KnexStudyGroupRepository(knex(d))),
  });
  const catalog = (d: DependencyContainer) => d.resolve<CourseCatalog>(TOKENS.CourseCatalog);
  const membership = (d: DependencyContainer) => d.resolve<CourseMembership>(TOKENS.CourseMembership);
  const changes = (d: DependencyContainer) => d.resolve<MembershipChanges>(TOKENS.MembershipChanges);
  c.register(CreateStudyGroup, { useFactory: (d) => new CreateStudyGroup(catalog(d), membership(d), studyGroups(d)) });
  c.register(JoinStudyGroup, { useFactory: (d) => new JoinStudyGroup(membership(d), studyGroups(d)) });
  c.register(LeaveStudyGroup, { useFactory: (d) => new LeaveStudyGroup(studyGroups(d), changes(d)) });
  c.register(GetStudyGroupPage, { useFactory: (d) => new GetStudyGroupPage(studyGroups(d), d.resolve(TOKENS.ChatLog)) });
  c.register(GetStudyGroupCalendar, { useFactory: (d) => new GetStudyGroupCalendar(studyGroups(d)) });
  c.register(UpdateStudyGroup, { useFactory: (d) => new UpdateStudyGroup(studyGroups(d)) });
  c.register(ScheduleMeeting, { useFactory: (d) => new ScheduleMeeting(studyGroups(d)) });
  c.register(UpdateMeeting, { useFactory: (d) => new UpdateMeeting(studyGroups(d)) });
  c.register(CancelMeeting, { useFactory: (d) => new CancelMeeting(studyGroups(d)) });
}

function studyGroups(d: DependencyContainer): StudyGroupRepository {
  return d.resolve<StudyGroupRepository>(TOKENS.StudyGroupRepository);
}
