// Injection tokens for every port, kept in one place. A token carries its
// port's type: the composition root's resolve(TOKENS.ChatLog) is a ChatLog,
// and a token passed where another port is expected does not compile.
import type { ChatLog } from './chat-log';
import type { ChatRoomAccess } from './chat-room-access';
import type { Clock } from './clock';
import type { CourseCatalog } from './course-catalog';
import type { CourseMembership } from './course-membership';
import type { MembershipChanges } from './membership-changes';
import type { PasswordHasher } from './password-hasher';
import type { RateLimiter } from './rate-limiter';
import type { SessionStore } from './session-store';
import type { Sleeper } from './sleeper';
import type { StudyGroupRepository } from './study-group-repository';
import type { UserRepository } from './user-repository';

export interface Token<T> {
  readonly name: string;
  readonly key: symbol;
  /** Never set: it only makes Token<A> and Token<B> different types. */
  readonly type?: (value: T) => T;
}

export function token<T>(name: string): Token<T> {
  return { name, key: Symbol(name) };
}

export const TOKENS = {
  UserRepository: token<UserRepository>('UserRepository'),
  PasswordHasher: token<PasswordHasher>('PasswordHasher'),
  RateLimiter: token<RateLimiter>('RateLimiter'),
  SessionStore: token<SessionStore>('SessionStore'),
  CourseCatalog: token<CourseCatalog>('CourseCatalog'),
  CourseMembership: token<CourseMembership>('CourseMembership'),
  MembershipChanges: token<MembershipChanges>('MembershipChanges'),
  ChatLog: token<ChatLog>('ChatLog'),
  ChatRoomAccess: token<ChatRoomAccess>('ChatRoomAccess'),
  StudyGroupRepository: token<StudyGroupRepository>('StudyGroupRepository'),
  Clock: token<Clock>('Clock'),
  Sleeper: token<Sleeper>('Sleeper'),
} as const;
