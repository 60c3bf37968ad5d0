// Every use case, built from its ports: the one list the HTTP routes, the CLIs
// and the tests use. Each entry receives the composition root's typed resolve,
// so handing a use case the wrong port does not compile.
import { AccountMailing } from '@application/accounts/account-mailing';
import { AccountRemoval } from '@application/accounts/account-removal';
import { AddressVerification } from '@application/accounts/address-verification';
import { ChangePassword } from '@application/accounts/change-password';
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
import { SyncCatalog } from '@application/catalog/sync-catalog';
import { DeleteChatMessage } from '@application/chat/delete-chat-message';
import { EditChatMessage } from '@application/chat/edit-chat-message';
import { GetUnreadCounts } from '@application/chat/get-unread-counts';
import { MarkChatRead } from '@application/chat/mark-chat-read';
import { PostChatMessage, PostingAllowance, POSTING_LIMIT } from '@application/chat/post-chat-message';
import { ReadChatMessages } from '@application/chat/read-chat-messages';
import { WaitForChatMessages } from '@application/chat/wait-for-chat-messages';
import { AddClasses } from '@application/courses/add-classes';
import { GetCoursePage } from '@application/courses/get-course-page';
import { GetDashboard } from '@application/courses/get-dashboard';
import { GetSearchPage } from '@application/courses/get-search-page';
import { JoinCourse } from '@application/courses/join-course';
import { LeaveCourse } from '@application/courses/leave-course';
import { ListCourseGroups } from '@application/courses/list-course-groups';
import { ListCourseSections } from '@application/courses/list-course-sections';
import { SearchCourses } from '@application/courses/search-courses';
import { TOKENS, type Token } from '@application/ports/tokens';
import { CancelMeeting } from '@application/study-groups/cancel-meeting';
import { CreateStudyGroup } from '@application/study-groups/create-study-group';
import { GetStudyGroupCalendar } from '@application/study-groups/get-study-group-calendar';
import { GetStudyGroupPage } from '@application/study-groups/get-study-group-page';
import { JoinStudyGroup } from '@application/study-groups/join-study-group';
import { LeaveStudyGroup } from '@application/study-groups/leave-study-group';
import { ScheduleMeeting } from '@application/study-groups/schedule-meeting';
import { UpdateMeeting } from '@application/study-groups/update-meeting';
import { UpdateStudyGroup } from '@application/study-groups/update-study-group';
import type { AppConfig } from './config';

/** A port (or handle) as its token's type. */
export type Resolve = <T>(token: Token<T>) => T;

/** What building a use case may read: its ports and the settings of this run. */
interface Needs {
  resolve: Resolve;
  config: AppConfig;
}

const {
  UserRepository,
  PasswordHasher,
  CommonPasswords,
  RateLimiter,
  CourseCatalog,
  CourseMembership,
  MembershipChanges,
  ChatLog,
  ChatRoomAccess,
  StudyGroupRepository,
  ScheduleOfCoursesSource,
  CatalogSyncState,
  Sleeper,
  Telemetry,
} = TOKENS;
const { ChatSignals, ReadMarkers, Clock, SessionStore, AccountTokens, Mailer, FormerMembers } = TOKENS;

/** Posts and edits share one allowance per student and room (CHAT_POST_LIMIT). */
const postingAllowance = ({ resolve: r, config }: Needs) => new PostingAllowance(r(RateLimiter), { ...POSTING_LIMIT, messages: config.chat.postLimit });

/** EMAIL_VERIFICATION: what joining, posting and creating groups ask of an unverified account. */
const verification = ({ resolve: r, config }: Needs) => new EmailVerificationPolicy(r(UserRepository), config.accounts.emailVerification);
const loginGuard = ({ resolve: r }: Needs) => new LoginGuard(r(RateLimiter), r(Sleeper), r(Telemetry));
const accountMailing = ({ resolve: r, config }: Needs) => new AccountMailing(r(AccountTokens), r(Mailer), r(RateLimiter), config.accounts.publicUrl);
const accountRemoval = ({ resolve: r }: Needs) =>
  new AccountRemoval(r(UserRepository), r(CourseMembership), r(StudyGroupRepository), r(MembershipChanges), r(SessionStore), r(AccountTokens), r(FormerMembers));
/** A link reached the address: verified, or claimed from the account that held it unverified (which is deleted). */
const addressVerification = (needs: Needs) => new AddressVerification(needs.resolve(UserRepository), accountRemoval(needs));
const passwordConfirmation = (needs: Needs) => new PasswordConfirmation(needs.resolve(UserRepository), needs.resolve(PasswordHasher), loginGuard(needs));

const USE_CASES = {
  // Accounts. The throttle is what the token route calls for a new visitor.
  clientThrottle: ({ resolve: r }: Needs) => new ClientThrottle(r(RateLimiter)),
  signUp: (needs: Needs) =>
    new SignUp(
      needs.resolve(UserRepository),
      needs.resolve(PasswordHasher),
      new ClientThrottle(needs.resolve(RateLimiter)),
      accountMailing(needs),
      needs.resolve(CommonPasswords),
      needs.resolve(Clock),
    ),
  logIn: (needs: Needs) => new LogIn(needs.resolve(UserRepository), needs.resolve(PasswordHasher), loginGuard(needs)),
  getUser: ({ resolve: r }: Needs) => new GetUser(r(UserRepository)),
  verifyEmail: (needs: Needs) => new VerifyEmail(needs.resolve(AccountTokens), addressVerification(needs)),
  resendVerification: (needs: Needs) => new ResendVerification(needs.resolve(UserRepository), needs.resolve(RateLimiter), accountMailing(needs)),
  requestPasswordReset: (needs: Needs) =>
    new RequestPasswordReset(needs.resolve(UserRepository), needs.resolve(RateLimiter), accountMailing(needs)),
  resetPassword: (needs: Needs) =>
    new ResetPassword(
      needs.resolve(AccountTokens),
      needs.resolve(UserRepository),
      needs.resolve(PasswordHasher),
      needs.resolve(SessionStore),
      addressVerification(needs),
      needs.resolve(CommonPasswords),
    ),
  changePassword: (needs: Needs) =>
    new ChangePassword(
      passwordConfirmation(needs),
      needs.resolve(UserRepository),
      needs.resolve(PasswordHasher),
      needs.resolve(SessionStore),
      needs.resolve(AccountTokens),
      needs.resolve(CommonPasswords),
    ),
  updateProfile: ({ resolve: r }: Needs) => new UpdateProfile(r(UserRepository)),
  deleteAccount: (needs: Needs) => new DeleteAccount(passwordConfirmation(needs), accountRemoval(needs)),
  // Courses and the catalog.
  getDashboard: ({ resolve: r }: Needs) => new GetDashboard(r(CourseMembership), r(StudyGroupRepository)),
  getCoursePage: ({ resolve: r }: Needs) => new GetCoursePage(r(CourseCatalog), r(CourseMembership), r(ChatLog), r(StudyGroupRepository), r(FormerMembers)),
  listCourseGroups: ({ resolve: r }: Needs) => new ListCourseGroups(r(CourseCatalog), r(CourseMembership), r(StudyGroupRepository)),
  getSearchPage: ({ resolve: r }: Needs) => new GetSearchPage(r(CourseCatalog), r(CourseMembership)),
  searchCourses: ({ resolve: r }: Needs) => new SearchCourses(r(CourseCatalog), r(CourseMembership)),
  listCourseSections: ({ resolve: r }: Needs) => new ListCourseSections(r(CourseCatalog), r(CourseMembership)),
  joinCourse: (needs: Needs) => new JoinCourse(needs.resolve(CourseCatalog), needs.resolve(CourseMembership), verification(needs), needs.resolve(MembershipChanges)),
  addClasses: (needs: Needs) => new AddClasses(needs.resolve(CourseCatalog), needs.resolve(CourseMembership), verification(needs), needs.resolve(MembershipChanges)),
  leaveCourse: ({ resolve: r }: Needs) => new LeaveCourse(r(CourseCatalog), r(CourseMembership), r(MembershipChanges), r(StudyGroupRepository)),
  importCatalog: ({ resolve: r }: Needs) => new ImportCatalog(r(CourseCatalog)),
  syncCatalog: ({ resolve: r }: Needs) => new SyncCatalog(r(ScheduleOfCoursesSource), r(CourseCatalog), r(CatalogSyncState), r(Sleeper)),
  // Chat.
  readChatMessages: ({ resolve: r }: Needs) => new ReadChatMessages(r(ChatRoomAccess), r(ChatLog), r(FormerMembers)),
  waitForChatMessages: ({ resolve: r }: Needs) => new WaitForChatMessages(r(ChatRoomAccess), r(ChatLog), r(ChatSignals), r(FormerMembers), r(Clock)),
  postChatMessage: (needs: Needs) =>
    new PostChatMessage(
      needs.resolve(ChatRoomAccess),
      needs.resolve(ChatLog),
      needs.resolve(UserRepository),
      postingAllowance(needs),
      needs.resolve(ChatSignals),
      verification(needs),
      needs.resolve(Telemetry),
    ),
  editChatMessage: (needs: Needs) =>
    new EditChatMessage(
      needs.resolve(ChatRoomAccess),
      needs.resolve(ChatLog),
      postingAllowance(needs),
      needs.resolve(ChatSignals),
      verification(needs),
      needs.resolve(Clock),
    ),
  deleteChatMessage: ({ resolve: r }: Needs) => new DeleteChatMessage(r(ChatRoomAccess), r(ChatLog), r(StudyGroupRepository), r(ChatSignals), r(FormerMembers)),
  markChatRead: ({ resolve: r }: Needs) => new MarkChatRead(r(ChatRoomAccess), r(ChatLog), r(ReadMarkers), r(ChatSignals)),
  getUnreadCounts: ({ resolve: r }: Needs) => new GetUnreadCounts(r(ReadMarkers), r(ChatLog), r(UserRepository), r(ChatSignals), r(Clock)),
  // Study groups.
  createStudyGroup: (needs: Needs) =>
    new CreateStudyGroup(
      needs.resolve(CourseCatalog),
      needs.resolve(CourseMembership),
      needs.resolve(StudyGroupRepository),
      verification(needs),
      needs.resolve(MembershipChanges),
      needs.resolve(Clock),
    ),
  joinStudyGroup: (needs: Needs) =>
    new JoinStudyGroup(needs.resolve(CourseMembership), needs.resolve(StudyGroupRepository), verification(needs), needs.resolve(MembershipChanges)),
  leaveStudyGroup: ({ resolve: r }: Needs) => new LeaveStudyGroup(r(StudyGroupRepository), r(MembershipChanges)),
  getStudyGroupPage: ({ resolve: r }: Needs) => new GetStudyGroupPage(r(StudyGroupRepository), r(ChatLog), r(FormerMembers)),
  getStudyGroupCalendar: ({ resolve: r }: Needs) => new GetStudyGroupCalendar(r(StudyGroupRepository)),
  updateStudyGroup: ({ resolve: r }: Needs) => new UpdateStudyGroup(r(StudyGroupRepository)),
  scheduleMeeting: ({ resolve: r }: Needs) => new ScheduleMeeting(r(StudyGroupRepository)),
  updateMeeting: ({ resolve: r }: Needs) => new UpdateMeeting(r(StudyGroupRepository)),
  cancelMeeting: ({ resolve: r }: Needs) => new CancelMeeting(r(StudyGroupRepository)),
};

export type UseCases = { readonly [Name in keyof typeof USE_CASES]: ReturnType<(typeof USE_CASES)[Name]> };

/** Every use case, each built the first time it is read (a CLI builds only what it uses). */
export function useCasesOf(needs: Needs): UseCases {
  const built = new Map<string, unknown>();
  const useCases = {} as UseCases;
  for (const [name, build] of Object.entries(USE_CASES) as [keyof UseCases, (needs: Needs) => unknown][]) {
    Object.defineProperty(useCases, name, {
      enumerable: true,
      get: () => {
        if (!built.has(name)) built.set(name, build(needs));
        return built.get(name);
      },
    });
  }
  return useCases;
}
