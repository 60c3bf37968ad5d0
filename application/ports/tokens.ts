// Injection tokens for every port, kept in one place. A token carries its
// port's type: the composition root's resolve(TOKENS.ChatLog) is a ChatLog,
// and a token passed where another port is expected does not compile.
import type { AccountTokens } from './account-tokens';
import type { CalendarFeeds } from './calendar-feeds';
import type { CatalogSnapshot } from './catalog-snapshot';
import type { CatalogSyncState } from './catalog-sync-state';
import type { CommonPasswords } from './common-passwords';
import type { ChatLog } from './chat-log';
import type { ChatRoomAccess } from './chat-room-access';
import type { ChatSignals } from './chat-signals';
import type { Clock } from './clock';
import type { CourseCatalog } from './course-catalog';
import type { CourseCatalogWriter } from './course-catalog-writer';
import type { CourseMembership } from './course-membership';
import type { GroupInvitations } from './group-invitations';
import type { Mailer } from './mailer';
import type { MemberSchedules } from './member-schedules';
import type { MembershipChanges } from './membership-changes';
import type { MessageAuthors } from './message-authors';
import type { PasswordHasher } from './password-hasher';
import type { JobQueue } from './job-queue';
import type { RoomNotificationState } from './room-notification-state';
import type { PushSender } from './push-sender';
import type { PushSubscriptions } from './push-subscriptions';
import type { RateLimiter } from './rate-limiter';
import type { ScheduleOfCoursesSource } from './schedule-of-courses-source';
import type { ReadMarkers } from './read-markers';
import type { SessionStore } from './session-store';
import type { Sleeper } from './sleeper';
import type { StudyGroupRepository } from './study-group-repository';
import type { Telemetry } from './telemetry';
import type { UserRepository } from './user-repository';
import type { NotificationPreferencesStore } from './notification-preferences-store';
import type { UnsubscribeLinks } from './unsubscribe-links';

export interface Token<T> {
  readonly name: string;
  readonly key: symbol;
  /** Never set: it only makes Token<A> and Token<B> different types. */
  readonly type?: (value: T) => T;
}

export function token<T>(name: string): Token<T> {
  return { name, key: Symbol(name) };
}

export type Tokens<Handles> = { readonly [Name in keyof Handles]: Token<Handles[Name]> };

/** A token for each name; the names must be exactly the keys of Handles (a missing or extra one does not compile). */
export function tokensOf<Handles>() {
  return <const Names extends readonly (keyof Handles & string)[]>(
    names: Names & ([Exclude<keyof Handles, Names[number]>] extends [never] ? unknown : never),
  ): Tokens<Handles> => Object.fromEntries(names.map((name) => [name, token(name)])) as Tokens<Handles>;
}

/** The ports, by the name their token carries. */
export interface Ports {
  UserRepository: UserRepository;
  PasswordHasher: PasswordHasher;
  CommonPasswords: CommonPasswords;
  RateLimiter: RateLimiter;
  SessionStore: SessionStore;
  AccountTokens: AccountTokens;
  Mailer: Mailer;
  MessageAuthors: MessageAuthors;
  CourseCatalog: CourseCatalog;
  CourseCatalogWriter: CourseCatalogWriter;
  CourseMembership: CourseMembership;
  MembershipChanges: MembershipChanges;
  ChatLog: ChatLog;
  ChatRoomAccess: ChatRoomAccess;
  ChatSignals: ChatSignals;
  ReadMarkers: ReadMarkers;
  StudyGroupRepository: StudyGroupRepository;
  GroupInvitations: GroupInvitations;
  MemberSchedules: MemberSchedules;
  CalendarFeeds: CalendarFeeds;
  ScheduleOfCoursesSource: ScheduleOfCoursesSource;
  CatalogSyncState: CatalogSyncState;
  CatalogSnapshot: CatalogSnapshot;
  Clock: Clock;
  Sleeper: Sleeper;
  Telemetry: Telemetry;
  // Notifications.
  NotificationPreferences: NotificationPreferencesStore;
  UnsubscribeLinks: UnsubscribeLinks;
  // Web push: the devices students turned notifications on for, and what sends to them.
  PushSubscriptions: PushSubscriptions;
  PushSender: PushSender;
  // Background work (pg-boss), and what the notifications' batches read and mark.
  JobQueue: JobQueue;
  RoomNotificationState: RoomNotificationState;
}

export const TOKENS = tokensOf<Ports>()([
  'UserRepository',
  'PasswordHasher',
  'CommonPasswords',
  'RateLimiter',
  'SessionStore',
  'AccountTokens',
  'Mailer',
  'MessageAuthors',
  'CourseCatalog',
  'CourseCatalogWriter',
  'CourseMembership',
  'MembershipChanges',
  'ChatLog',
  'ChatRoomAccess',
  'ChatSignals',
  'ReadMarkers',
  'StudyGroupRepository',
  'GroupInvitations',
  'MemberSchedules',
  'CalendarFeeds',
  'ScheduleOfCoursesSource',
  'CatalogSyncState',
  'CatalogSnapshot',
  'Clock',
  'Sleeper',
  'Telemetry',
  // Notifications.
  'NotificationPreferences',
  'UnsubscribeLinks',
  'PushSubscriptions',
  'PushSender',
  'JobQueue',
  'RoomNotificationState',
]);
