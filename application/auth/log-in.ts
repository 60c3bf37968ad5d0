import { RateLimitedError, ValidationError } from '../../domain/errors';
import { canonicalName } from '../../domain/user/canonical-name';
import { checkLogin, INVALID_CREDENTIALS_MESSAGE, type LoginInput } from '../../domain/user/login-rules';
import type { User } from '../../domain/user/user';
import type { PasswordHasher } from '../ports/password-hasher';
import type { RateLimiter } from '../ports/rate-limiter';
import type { UserRepository } from '../ports/user-repository';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export type LogInResult = { ok: true; user: User } | { ok: false; message: string };

export interface LogInCommand extends LoginInput {
  clientAddress: string;
}

// A hash of a random password, so unknown usernames cost one bcrypt compare too
// and response time does not reveal which usernames exist.
const DUMMY_PASSWORD = 'study-swamp-timing-equaliser';

export class LogIn {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
  ) {}

  async execute(command: LogInCommand): Promise<LogInResult> {
    const failure = checkLogin(command);
    if (failure) throw new ValidationError(failure.message, failure.field);

    // One canonical name for the counter and the lookup, so no spelling finds the account without being counted against it.
    const username = canonicalName(command.username);
    const keys = [
      `login-fail:user:${username}`,
      `login-fail:addr:${command.clientAddress}`,
    ];
    const counts = await Promise.all(keys.map((key) => this.limiter.peek(key)));
    const blocked = counts.filter((c) => c.count >= LOGIN_FAILURE_LIMIT);
    if (blocked.length > 0) throw tooManyFailures(Math.max(...blocked.map((c) => c.resetInMs)));

    const credentials = await this.users.findCredentialsByUsername(username);
    const matches = credentials
      ? await this.hasher.verify(command.password, credentials.passwordHash)
      : await this.hasher.verify(command.password, await this.getDummyHash()).then(() => false);

    if (!credentials || !matches) {
      await Promise.all(keys.map((key) => this.limiter.hit(key, LOGIN_FAILURE_WINDOW_MS)));
      return { ok: false, message: INVALID_CREDENTIALS_MESSAGE };
    }
    await this.limiter.reset(keys[0]);
    return { ok: true, user: credentials.user };
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= this.hasher.hash(DUMMY_PASSWORD);
    return this.dummyHash;
  }
}

function tooManyFailures(resetInMs: number): RateLimitedError {
  const minutes = Math.max(1, Math.ceil(resetInMs / 60_000));
  return new RateLimitedError(
    `Too many failed login attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    Math.ceil(resetInMs / 1000),
  );
}
