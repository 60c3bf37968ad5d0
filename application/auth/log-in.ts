import { refuseBrokenRule } from '@domain/errors';
import { canonicalName } from '@domain/user/canonical-name';
import { checkLogin, InvalidCredentialsError, type LoginInput } from '@domain/user/login-rules';
import type { User } from '@domain/user/user';
import type { PasswordHasher } from '@application/ports/password-hasher';
import type { UserRepository } from '@application/ports/user-repository';
import type { BrowserDevices, LoginGuard } from './login-guard';

export interface LogInCommand extends LoginInput {
  clientAddress: string;
  /** The browser's device cookies (the login guard's). */
  devices?: BrowserDevices;
}

// A hash of a random password, so unknown usernames and emails cost one bcrypt
// compare too and response time does not reveal which accounts exist.
const DUMMY_PASSWORD = 'study-swamp-timing-equaliser';

export class LogIn {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly guard: LoginGuard,
  ) {}

  /**
   * The student whose password this is, named by their username or their UF
   * email. Throws InvalidCredentialsError for a wrong password or an unknown
   * username or email, and RateLimitedError when the guard refuses the attempt
   * (its password is then not checked).
   */
  async execute(command: LogInCommand): Promise<User> {
    refuseBrokenRule(checkLogin(command));

    // Usernames cannot hold "@", so an "@" means the account's UF email (as for Forgot password).
    const typed = canonicalName(command.username);
    const credentials = typed.includes('@')
      ? await this.users.findCredentialsByEmail(typed)
      : await this.users.findCredentialsByUsername(typed);
    // The guard counts the account, not the spelling: its username and its email are one set of
    // counters (and one device cookie). A name that finds no account is counted as typed.
    const account = credentials ? canonicalName(credentials.user.username) : typed;
    const attempt = await this.guard.admit(account, command.clientAddress, command.devices);

    const matches = credentials
      ? await this.hasher.verify(command.password, credentials.passwordHash)
      : await this.hasher.verify(command.password, await this.getDummyHash()).then(() => false);

    if (!credentials || !matches) throw new InvalidCredentialsError();
    await attempt.succeeded();
    return credentials.user;
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(DUMMY_PASSWORD);
    return this.dummyHash;
  }
}
