// A signed-in student confirms a change with their password (change password,
// delete account). Each try is a login attempt for the login guard: counted
// before the password is checked, on the same counters as Log In, so a stolen
// session cannot guess the password faster than a login form could.
import { NotAuthenticatedError } from '@domain/errors';
import type { UserId } from '@domain/ids';
import { canonicalName } from '@domain/user/canonical-name';
import { WrongPasswordError } from '@domain/user/account-errors';
import type { UserCredentials } from '@domain/user/user';
import { NO_DEVICES, type BrowserDevices, type LoginGuard } from '@application/auth/login-guard';
import type { PasswordHasher } from '@application/ports/password-hasher';
import type { UserRepository } from '@application/ports/user-repository';

export class PasswordConfirmation {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly guard: LoginGuard,
  ) {}

  /** The account, when `password` is its password; WrongPasswordError naming `field` otherwise, RateLimitedError past the guard's limits. */
  async confirm(
    userId: UserId,
    password: string,
    clientAddress: string,
    field: string,
    devices: BrowserDevices = NO_DEVICES,
  ): Promise<UserCredentials> {
    const credentials = await this.users.findCredentialsById(userId);
    if (!credentials) throw new NotAuthenticatedError('Your account no longer exists.');
    const attempt = await this.guard.admit(canonicalName(credentials.user.username), clientAddress, devices);
    if (!(await this.hasher.verify(password, credentials.passwordHash))) throw new WrongPasswordError(field);
    await attempt.succeeded();
    return credentials;
  }
}
