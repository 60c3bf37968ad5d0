// The account use cases of issues 3 and 14 on in-memory adapters, for unit
// tests: one clock the test moves, the mails kept, the sessions inspectable.
import type { EmailVerificationMode } from '@application/accounts/email-verification';
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
import { LogIn } from '@application/auth/log-in';
import { LoginGuard } from '@application/auth/login-guard';
import { SignUp } from '@application/auth/sign-up';
import { CachedMessageAuthors } from '@adapters/chat/cached-message-authors';
import { BcryptPasswordHasher } from '@adapters/security/bcrypt-password-hasher';
import { PackagedCommonPasswords } from '@adapters/security/packaged-common-passwords';
import { InMemoryAccountTokens } from '@tests/fakes/in-memory-account-tokens';
import { InMemoryPushSubscriptions } from '@tests/fakes/in-memory-push-subscriptions';
import { InMemoryCalendarFeeds } from '@tests/fakes/in-memory-calendar-feeds';
import { InMemoryCourseCatalog } from '@tests/fakes/in-memory-course-catalog';
import { InMemoryCourseMembership } from '@tests/fakes/in-memory-course-membership';
import { InMemoryMailer } from '@tests/fakes/in-memory-mailer';
import { InMemoryRateLimiter } from '@tests/fakes/in-memory-rate-limiter';
import { InMemorySessionStore } from '@tests/fakes/in-memory-session-store';
import { InMemoryStudyGroupRepository } from '@tests/fakes/in-memory-study-group-repository';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { RecordingGroupChanges } from '@tests/fakes/recording-group-changes';
import { NoOpMembershipChanges } from '@tests/fakes/no-op-membership-changes';
import { ManualClock } from './test-clock';

export const PUBLIC_URL = 'https://swamp.example.edu';

export function accountWorld(mode: EmailVerificationMode = 'optional') {
  const clock = new ManualClock();
  const users = new InMemoryUserRepository(clock.now);
  const hasher = new BcryptPasswordHasher(4);
  const limiter = new InMemoryRateLimiter();
  const tokens = new InMemoryAccountTokens(clock.now);
  const mailer = new InMemoryMailer();
  const sessions = new InMemorySessionStore(clock.now);
  const catalog = new InMemoryCourseCatalog();
  const membership = new InMemoryCourseMembership(catalog, users);
  const groups = new InMemoryStudyGroupRepository(users);
  const authors = new CachedMessageAuthors(users, clock.now);
  const throttle = new ClientThrottle(limiter);
  const guard = new LoginGuard(limiter, async () => {});
  const mailing = new AccountMailing(tokens, mailer, limiter, PUBLIC_URL);
  const calendarFeeds = new InMemoryCalendarFeeds(groups);
  const removal = new AccountRemoval(
    users,
    membership,
    groups,
    new NoOpMembershipChanges(),
    sessions,
    tokens,
    authors,
    new RecordingGroupChanges(),
    calendarFeeds,
    new InMemoryPushSubscriptions(),
  );
  const addressVerification = new AddressVerification(users, removal);
  const confirmation = new PasswordConfirmation(users, hasher, guard);
  const commonPasswords = new PackagedCommonPasswords();
  return {
    clock,
    users,
    hasher,
    limiter,
    tokens,
    mailer,
    sessions,
    catalog,
    membership,
    groups,
    calendarFeeds,
    authors,
    throttle,
    verification: new EmailVerificationPolicy(users, mode),
    signUp: new SignUp(users, hasher, throttle, mailing, commonPasswords, clock.now),
    logIn: new LogIn(users, hasher, guard),
    verifyEmail: new VerifyEmail(tokens, addressVerification, users),
    checkResetLink: new CheckResetLink(tokens, users),
    resend: new ResendVerification(users, limiter, mailing),
    requestReset: new RequestPasswordReset(users, limiter, mailing),
    resetPassword: new ResetPassword(tokens, users, hasher, sessions, addressVerification, commonPasswords),
    changePassword: new ChangePassword(confirmation, users, hasher, sessions, tokens, commonPasswords),
    updateProfile: new UpdateProfile(users, authors),
    deleteAccount: new DeleteAccount(confirmation, removal),
  };
}

export type AccountWorld = ReturnType<typeof accountWorld>;
