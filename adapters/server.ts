// Starts one app server: migrate, build the container and the Koa app, listen.
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { DependencyContainer } from 'tsyringe';
import { ClientThrottle } from '../application/auth/client-throttle';
import { GetUser } from '../application/auth/get-user';
import { LogIn } from '../application/auth/log-in';
import { SignUp } from '../application/auth/sign-up';
import { PostChatMessage } from '../application/chat/post-chat-message';
import { ReadChatMessages } from '../application/chat/read-chat-messages';
import { GetCoursePage } from '../application/courses/get-course-page';
import { GetDashboard } from '../application/courses/get-dashboard';
import { JoinCourse } from '../application/courses/join-course';
import { LeaveCourse } from '../application/courses/leave-course';
import { ListTerms } from '../application/courses/list-terms';
import { SearchCourses } from '../application/courses/search-courses';
import { CancelMeeting } from '../application/study-groups/cancel-meeting';
import { CreateStudyGroup } from '../application/study-groups/create-study-group';
import { GetStudyGroupCalendar } from '../application/study-groups/get-study-group-calendar';
import { GetStudyGroupPage } from '../application/study-groups/get-study-group-page';
import { JoinStudyGroup } from '../application/study-groups/join-study-group';
import { LeaveStudyGroup } from '../application/study-groups/leave-study-group';
import { ListCourseStudyGroups } from '../application/study-groups/list-course-study-groups';
import { ListMyStudyGroups } from '../application/study-groups/list-my-study-groups';
import { RemoveStudyGroupMember } from '../application/study-groups/remove-study-group-member';
import { ScheduleMeeting } from '../application/study-groups/schedule-meeting';
import { UpdateMeeting } from '../application/study-groups/update-meeting';
import { UpdateStudyGroup } from '../application/study-groups/update-study-group';
import { TOKENS } from '../application/ports/tokens';
import { loadShippedCatalogIfEmpty } from './catalog/shipped-catalog';
import type { AppConfig } from './config';
import { buildContainer, INFRA, startBackgroundWork } from './container';
import { migrateToLatest } from './database/migration-source';
import { createHttpApp } from './http/create-http-app';
import { createLogger } from './logger';

export const CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/web');

export interface RunningServer {
  url: string;
  port: number;
  /** The composition root, for tests that need to reach an adapter directly. */
  container: DependencyContainer;
  close(): Promise<void>;
}

export async function startServer(config: AppConfig, logger: Logger = createLogger(config.logLevel)): Promise<RunningServer> {
  const container = buildContainer(config, logger);
  const db = container.resolve<Knex>(INFRA.Knex);
  const applied = await migrateToLatest(db);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  if (!config.databaseUrl) await loadShippedCatalogIfEmpty(container.resolve(TOKENS.CourseCatalog), logger);

  const app = createHttpApp({
    logger,
    sessionStore: container.resolve(TOKENS.SessionStore),
    sessionSecret: config.sessionSecret,
    cookieSecure: config.cookieSecure,
    trustProxy: config.trustProxy,
    clientDir: CLIENT_DIR,
    useCases: {
      signUp: container.resolve(SignUp),
      logIn: container.resolve(LogIn),
      getUser: container.resolve(GetUser),
      clientThrottle: container.resolve(ClientThrottle),
      getDashboard: container.resolve(GetDashboard),
      getCoursePage: container.resolve(GetCoursePage),
      searchCourses: container.resolve(SearchCourses),
      listTerms: container.resolve(ListTerms),
      joinCourse: container.resolve(JoinCourse),
      leaveCourse: container.resolve(LeaveCourse),
      readChatMessages: container.resolve(ReadChatMessages),
      postChatMessage: container.resolve(PostChatMessage),
      listCourseStudyGroups: container.resolve(ListCourseStudyGroups),
      listMyStudyGroups: container.resolve(ListMyStudyGroups),
      createStudyGroup: container.resolve(CreateStudyGroup),
      joinStudyGroup: container.resolve(JoinStudyGroup),
      leaveStudyGroup: container.resolve(LeaveStudyGroup),
      removeStudyGroupMember: container.resolve(RemoveStudyGroupMember),
      getStudyGroupPage: container.resolve(GetStudyGroupPage),
      getStudyGroupCalendar: container.resolve(GetStudyGroupCalendar),
      updateStudyGroup: container.resolve(UpdateStudyGroup),
      scheduleMeeting: container.resolve(ScheduleMeeting),
      updateMeeting: container.resolve(UpdateMeeting),
      cancelMeeting: container.resolve(CancelMeeting),
    },
  });
  const stopBackgroundWork = await startBackgroundWork(container, config);

  // Room for a reconnect storm (every student's poll at once after a restart):
  // Node's default of 511 pending connections overflows, and the dropped ones
  // wait out TCP's retransmission back-off. The kernel caps it at somaxconn.
  const server = app.listen({ port: config.port, host: config.host, backlog: 4096 });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const mode = config.databaseUrl ? 'postgres' : 'embedded (PGlite)';
  logger.info({ port, database: mode, redis: Boolean(config.redisUrl) }, `Study Swamp listening on http://localhost:${port}`);

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    container,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopBackgroundWork();
      await db.destroy();
      if (container.isRegistered(INFRA.Redis)) await container.resolve<Redis>(INFRA.Redis).quit();
    },
  };
}
