// Injection tokens for every port, kept in one place.
export const TOKENS = {
  UserRepository: Symbol('UserRepository'),
  PasswordHasher: Symbol('PasswordHasher'),
  RateLimiter: Symbol('RateLimiter'),
  SessionStore: Symbol('SessionStore'),
  CourseCatalog: Symbol('CourseCatalog'),
  CourseMembership: Symbol('CourseMembership'),
  MembershipChanges: Symbol('MembershipChanges'),
  ChatLog: Symbol('ChatLog'),
  ChatRoomAccess: Symbol('ChatRoomAccess'),
  StudyGroupRepository: Symbol('StudyGroupRepository'),
} as const;
