// Every use case under a typed token (resolve(USE_CASES.signUp) is a SignUp), built from its ports and the
// policies several share, one instance each: the one list the routes, CLIs and tests use (a feature's own
// table spread in). Every factory reads through the container's typed resolve: a wrong port does not compile.
import type { DependencyContainer } from 'tsyringe';
import { AccountMailing } from '@application/accounts/account-mailing';
import { AccountRemoval } from '@application/accounts/account-removal';
import { AddressVerification } from '@application/accounts/address-verification';
import { ChangePassword } from '@application/accounts/change-password';
import { CheckResetLink } from '@application/accounts/check-reset-link';
import { DeleteAccount } from '@application/accounts/delete-account';
import { EmailVerificationPolicy } from '@application/accounts/email-verification';
import { PasswordConfirmation } from '@application/accounts/password-confirmation';
import { RequestPasswordReset } from '@application/accounts/request-password-reset';
import { ResendVerification } from '@application/accounts/resend-verification';
import { ResetPassword } from '@application/accounts/reset-password';
import { UpdateProfile } from '@application/accounts/update-profile';
import { VerifyEmail } from '@application/accounts/verify-email';
import { ClientThrottle } from '@application/auth/client-throttle';
import { GetUser } from '@application/auth/get-user';
import { LogIn } from '@application/auth/log-in';
import { LoginGuard } from '@application/auth/login-guard';
import { SignUp } from '@application/auth/sign-up';
import { ImportCatalog } from '@application/catalog/import-catalog';
import { GetCatalogStatus } from '@application/catalog/get-catalog-status';
import { SyncCatalog } from '@application/catalog/sync-catalog';
import { DeleteChatMessage } from '@application/chat/delete-chat-message';
import { EditChatMessage } from '@application/chat/edit-chat-message';
import { GetUnreadCounts } from '@application/chat/get-unread-counts';
import { MarkChatRead } from '@application/chat/mark-chat-read';
import { PostingAllowance, POSTING_LIMIT } from '@application/chat/post-chat-message';
import { ReadChatMessages } from '@application/chat/read-chat-messages';
import { WaitForChatMessages } from '@application/chat/wait-for-chat-messages';
import { AddClasses } from '@application/courses/add-classes';
import { GetCoursePage } from '@application/courses/get-course-page';
import { GetDashboard } from '@application/courses/get-dashboard';
import { GetSearchPage } from '@application/courses/get-search-page';
import { JoinCourse } from '@application/courses/join-course';
import { LeaveCourse } from '@application/courses/leave-course';
import { COURSE_GROUPS_PAGE_SIZE, ListCourseGroups } from '@application/courses/list-course-groups';
import { ListCourseSections } from '@application/courses/list-course-sections';
import { ResolveCourseRoom } from '@application/chat/resolve-course-room';
import { SearchCourses } from '@application/courses/search-courses';
import { TOKENS, tokensOf } from '@application/ports/tokens';
import { AcceptInviteLink } from '@application/study-groups/accept-invite-link';
import { AnswerInvite } from '@application/study-groups/answer-invite';
import { AnswerJoinRequest } from '@application/study-groups/answer-join-request';
import { CancelInvite } from '@application/study-groups/cancel-invite';
import { CreateInviteLink } from '@application/study-groups/create-invite-link';
import { GetGroupInvitations } from '@application/study-groups/get-group-invitations';
import { GetInviteLink } from '@application/study-groups/get-invite-link';
import { InviteStudent } from '@application/study-groups/invite-student';
import { RequestToJoin } from '@application/study-groups/request-to-join';
import { RevokeInviteLink } from '@application/study-groups/revoke-invite-link';
import { StandingChanges } from '@application/study-groups/standing-change';
import { SignalledGroupChanges } from '@application/study-groups/group-changes';
import type { GroupChanges } from '@application/ports/group-changes';
import { WithdrawJoinRequest } from '@application/study-groups/withdraw-join-request';
import { CreateStudyGroup } from '@application/study-groups/create-study-group';
import { FindMeetingTimes } from '@application/study-groups/find-meeting-times';
import { GetBusyTimes } from '@application/study-groups/get-busy-times';
import { SaveBusyTimes } from '@application/study-groups/save-busy-times';
import { GetStudyGroupCalendar } from '@application/study-groups/get-study-group-calendar';
import { CreateCalendarFeed } from '@application/calendar/create-calendar-feed';
import { GetCalendarFeedStatus } from '@application/calendar/get-calendar-feed-status';
import { ReadCalendarFeed } from '@application/calendar/read-calendar-feed';
import { RevokeCalendarFeed } from '@application/calendar/revoke-calendar-feed';
import { GetStudyGroupPage } from '@application/study-groups/get-study-group-page';
import { JoinStudyGroup } from '@application/study-groups/join-study-group';
import { LeaveStudyGroup } from '@application/study-groups/leave-study-group';
import { UpdateStudyGroup } from '@application/study-groups/update-study-group';
import type { AppConfig } from './config';
import { notificationUseCases } from './notification-use-cases';
import { PUSH_USE_CASES } from './push-use-cases';
import { chatMessageUseCases } from './chat-message-use-cases';
import { meetingUseCases } from './meeting-use-cases';
import { NOTIFICATION_JOBS } from './notification-jobs';
import { registerAll, tokensFor, type Resolve } from './register';

const { UserRepository, PasswordHasher, CommonPasswords, RateLimiter, SessionStore, AccountTokens, Mailer, MessageAuthors } = TOKENS;
const {
  CourseCatalog,
  CourseCatalogWriter,
  CourseMembership,
  MembershipChanges,
  ScheduleOfCoursesSource,
  CatalogSyncState,
  CatalogSnapshot,
  StudyGroupRepository,
  GroupInvitations,
  MemberSchedules,
  CalendarFeeds,
} = TOKENS;
const { ChatLog, ChatRoomAccess, ChatSignals, ReadMarkers, Clock, Sleeper, Telemetry } = TOKENS;

/** What several use cases share: one instance each. */
interface Policies {
  /** New visitors' calls: a use case of its own (the token route) and part of sign-up. */
  clientThrottle: ClientThrottle;
  /** Posts and edits share one allowance per student and room (CHAT_POST_LIMIT). */
  postingAllowance: PostingAllowance;
  /** EMAIL_VERIFICATION: what joining, posting and creating groups ask of an unverified account. */
  verification: EmailVerificationPolicy;
  loginGuard: LoginGuard;
  accountMailing: AccountMailing;
  accountRemoval: AccountRemoval;
  /** A link reached the address: verified, or claimed from the account that held it unverified (which is deleted). */
  addressVerification: AddressVerification;
  passwordConfirmation: PasswordConfirmation;
  /** Invites and requests to join change a student's standing one way, announcing a student who joins. */
  standingChanges: StandingChanges;
  /** Tells the open pages of a group (and of its course) that what they show of it changed. */
  groupChanges: GroupChanges;
}

const POLICIES = tokensOf<Policies>()([
  'clientThrottle',
  'postingAllowance',
  'verification',
  'loginGuard',
  'accountMailing',
  'accountRemoval',
  'addressVerification',
  'passwordConfirmation',
  'standingChanges',
  'groupChanges',
]);

const policies = (config: AppConfig): { [Name in keyof Policies]: (resolve: Resolve) => Policies[Name] } => ({
  clientThrottle: (r) => new ClientThrottle(r(RateLimiter)),
  postingAllowance: (r) => new PostingAllowance(r(RateLimiter), { ...POSTING_LIMIT, messages: config.chat.postLimit }),
  verification: (r) => new EmailVerificationPolicy(r(UserRepository), config.accounts.emailVerification),
  loginGuard: (r) => new LoginGuard(r(RateLimiter), r(Sleeper), r(Telemetry)),
  accountMailing: (r) => new AccountMailing(r(AccountTokens), r(Mailer), r(RateLimiter), config.accounts.publicUrl),
  accountRemoval: (r) =>
    new AccountRemoval(
      r(UserRepository),
      r(CourseMembership),
      r(StudyGroupRepository),
      r(MembershipChanges),
      r(SessionStore),
      r(AccountTokens),
      r(MessageAuthors),
      r(groupChanges),
      r(CalendarFeeds),
      r(TOKENS.PushSubscriptions),
    ),
  addressVerification: (r) => new AddressVerification(r(UserRepository), r(POLICIES.accountRemoval)),
  passwordConfirmation: (r) => new PasswordConfirmation(r(UserRepository), r(PasswordHasher), r(POLICIES.loginGuard)),
  standingChanges: (r) =>
    new StandingChanges(r(GroupInvitations), r(MembershipChanges), r(groupChanges), r(Clock), r(NOTIFICATION_JOBS.GroupEvents)),
  groupChanges: (r) => new SignalledGroupChanges(r(ChatSignals)),
});

const {
  clientThrottle,
  postingAllowance,
  verification,
  loginGuard,
  accountMailing,
  accountRemoval,
  addressVerification,
  passwordConfirmation,
  standingChanges,
  groupChanges,
} = POLICIES;

const useCases = {
  // Accounts. The throttle is what the token route calls for a new visitor.
  clientThrottle: (r) => r(clientThrottle),
  signUp: (r) => new SignUp(r(UserRepository), r(PasswordHasher), r(clientThrottle), r(accountMailing), r(CommonPasswords), r(Clock)),
  logIn: (r) => new LogIn(r(UserRepository), r(PasswordHasher), r(loginGuard)),
  getUser: (r) => new GetUser(r(UserRepository)),
  verifyEmail: (r) => new VerifyEmail(r(AccountTokens), r(addressVerification), r(UserRepository)),
  resendVerification: (r) => new ResendVerification(r(UserRepository), r(RateLimiter), r(accountMailing)),
  requestPasswordReset: (r) => new RequestPasswordReset(r(UserRepository), r(RateLimiter), r(accountMailing)),
  checkResetLink: (r) => new CheckResetLink(r(AccountTokens), r(UserRepository)),
  resetPassword: (r) =>
    new ResetPassword(r(AccountTokens), r(UserRepository), r(PasswordHasher), r(SessionStore), r(addressVerification), r(CommonPasswords)),
  changePassword: (r) =>
    new ChangePassword(
      r(passwordConfirmation),
      r(UserRepository),
      r(PasswordHasher),
      r(SessionStore),
      r(AccountTokens),
      r(CommonPasswords),
    ),
  updateProfile: (r) => new UpdateProfile(r(UserRepository), r(MessageAuthors)),
  deleteAccount: (r) => new DeleteAccount(r(passwordConfirmation), r(accountRemoval)),
  // Courses and the catalog.
  getDashboard: (r) => new GetDashboard(r(CourseMembership), r(StudyGroupRepository), r(GroupInvitations), r(Clock)),
  getCoursePage: (r) =>
    new GetCoursePage(
      r(CourseCatalog),
      r(CourseMembership),
      r(ChatLog),
      r(StudyGroupRepository),
      r(MessageAuthors),
      r(GroupInvitations),
      COURSE_GROUPS_PAGE_SIZE,
      r(Clock),
    ),
  listCourseGroups: (r) =>
    new ListCourseGroups(r(CourseCatalog), r(CourseMembership), r(StudyGroupRepository), r(GroupInvitations), r(Clock)),
  getSearchPage: (r) => new GetSearchPage(r(CourseCatalog), r(CourseMembership)),
  searchCourses: (r) => new SearchCourses(r(CourseCatalog), r(CourseMembership)),
  listCourseSections: (r) => new ListCourseSections(r(CourseCatalog), r(CourseMembership)),
  joinCourse: (r) => new JoinCourse(r(CourseCatalog), r(CourseMembership), r(verification), r(MembershipChanges)),
  addClasses: (r) => new AddClasses(r(CourseCatalog), r(CourseMembership), r(verification), r(MembershipChanges)),
  leaveCourse: (r) =>
    new LeaveCourse(r(CourseCatalog), r(CourseMembership), r(MembershipChanges), r(StudyGroupRepository), r(groupChanges)),
  importCatalog: (r) => new ImportCatalog(r(CourseCatalogWriter)),
  getCatalogStatus: (r) => new GetCatalogStatus(r(CatalogSyncState), r(CatalogSnapshot)),
  syncCatalog: (r) =>
    new SyncCatalog(r(ScheduleOfCoursesSource), r(CourseCatalog), r(CourseCatalogWriter), r(CatalogSyncState), r(Sleeper)),
  // Chat.
  resolveCourseRoom: (r) => new ResolveCourseRoom(r(CourseCatalog), r(Clock)),
  readChatMessages: (r) => new ReadChatMessages(r(ChatRoomAccess), r(ChatLog), r(MessageAuthors)),
  waitForChatMessages: (r) => new WaitForChatMessages(r(ChatRoomAccess), r(ChatLog), r(ChatSignals), r(MessageAuthors), r(Clock)),
  ...chatMessageUseCases({ postingAllowance, verification }),
  editChatMessage: (r) =>
    new EditChatMessage(r(ChatRoomAccess), r(ChatLog), r(postingAllowance), r(ChatSignals), r(verification), r(MessageAuthors), r(Clock)),
  deleteChatMessage: (r) =>
    new DeleteChatMessage(r(ChatRoomAccess), r(ChatLog), r(StudyGroupRepository), r(ChatSignals), r(MessageAuthors)),
  markChatRead: (r) => new MarkChatRead(r(ChatRoomAccess), r(ChatLog), r(ReadMarkers), r(ChatSignals)),
  getUnreadCounts: (r) => new GetUnreadCounts(r(ReadMarkers), r(ChatLog), r(UserRepository), r(ChatSignals), r(Clock)),
  // Study groups.
  createStudyGroup: (r) =>
    new CreateStudyGroup(
      r(CourseCatalog),
      r(CourseMembership),
      r(StudyGroupRepository),
      r(verification),
      r(MembershipChanges),
      r(groupChanges),
      r(Clock),
    ),
  joinStudyGroup: (r) =>
    new JoinStudyGroup(r(CourseMembership), r(StudyGroupRepository), r(verification), r(MembershipChanges), r(groupChanges)),
  leaveStudyGroup: (r) => new LeaveStudyGroup(r(StudyGroupRepository), r(MembershipChanges), r(groupChanges)),
  getStudyGroupPage: (r) => new GetStudyGroupPage(r(StudyGroupRepository), r(ChatLog), r(MessageAuthors), r(GroupInvitations), r(Clock)),
  getStudyGroupCalendar: (r) => new GetStudyGroupCalendar(r(StudyGroupRepository), r(CourseCatalog), r(CalendarFeeds), r(Clock)),
  updateStudyGroup: (r) => new UpdateStudyGroup(r(StudyGroupRepository), r(GroupInvitations), r(groupChanges), r(Clock)),
  // The calendar subscription address (a per-student secret feed) and what calendar apps read there.
  getCalendarFeedStatus: (r) => new GetCalendarFeedStatus(r(CalendarFeeds)),
  createCalendarFeed: (r) => new CreateCalendarFeed(r(CalendarFeeds), r(Clock)),
  revokeCalendarFeed: (r) => new RevokeCalendarFeed(r(CalendarFeeds)),
  readCalendarFeed: (r) => new ReadCalendarFeed(r(CalendarFeeds), r(RateLimiter), r(Clock)),
  // Find a time, and the busy grid each student keeps for it.
  findMeetingTimes: (r) => new FindMeetingTimes(r(StudyGroupRepository), r(MemberSchedules), r(Clock)),
  getBusyTimes: (r) => new GetBusyTimes(r(MemberSchedules)),
  saveBusyTimes: (r) => new SaveBusyTimes(r(MemberSchedules)),
  // Ways into a group: invite links, requests to join, invites by username.
  getGroupInvitations: (r) => new GetGroupInvitations(r(StudyGroupRepository), r(GroupInvitations), r(Clock)),
  createInviteLink: (r) => new CreateInviteLink(r(StudyGroupRepository), r(GroupInvitations), r(Clock)),
  revokeInviteLink: (r) => new RevokeInviteLink(r(StudyGroupRepository), r(GroupInvitations), r(Clock)),
  getInviteLink: (r) => new GetInviteLink(r(GroupInvitations), r(StudyGroupRepository), r(CourseCatalog), r(CourseMembership), r(Clock)),
  acceptInviteLink: (r) =>
    new AcceptInviteLink(
      r(GroupInvitations),
      r(StudyGroupRepository),
      r(CourseMembership),
      r(verification),
      r(MembershipChanges),
      r(groupChanges),
      r(Clock),
    ),
  requestToJoin: (r) => new RequestToJoin(r(StudyGroupRepository), r(CourseMembership), r(verification), r(standingChanges)),
  withdrawJoinRequest: (r) => new WithdrawJoinRequest(r(StudyGroupRepository), r(standingChanges)),
  answerJoinRequest: (r) => new AnswerJoinRequest(r(StudyGroupRepository), r(CourseMembership), r(standingChanges)),
  inviteStudent: (r) => new InviteStudent(r(StudyGroupRepository), r(UserRepository), r(CourseMembership), r(standingChanges)),
  cancelInvite: (r) => new CancelInvite(r(StudyGroupRepository), r(standingChanges)),
  answerInvite: (r) => new AnswerInvite(r(StudyGroupRepository), r(CourseMembership), r(verification), r(standingChanges)),
  ...meetingUseCases(groupChanges),
  ...notificationUseCases,
  ...PUSH_USE_CASES,
} satisfies Record<string, (resolve: Resolve) => unknown>;

/** Every use case, by the name the routes use. */
export type UseCases = { readonly [Name in keyof typeof useCases]: ReturnType<(typeof useCases)[Name]> };

export const USE_CASES = tokensFor(useCases);

/** Registers the shared policies and every use case (each built the first time it is resolved: a CLI builds only what it uses). */
export function registerUseCases(c: DependencyContainer, config: AppConfig): void {
  registerAll<Policies>(c, POLICIES, policies(config));
  registerAll<UseCases>(c, USE_CASES, useCases);
}
