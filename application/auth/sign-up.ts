import { refuseBrokenRule } from '../../domain/errors';
import { canonicalName } from '../../domain/user/canonical-name';
import { checkSignUp, EMAIL_TAKEN_MESSAGE, normaliseSignUp, USERNAME_TAKEN_MESSAGE, type SignUpInput } from '../../domain/user/sign-up-rules';
import type { User } from '../../domain/user/user';
import type { AccountMailing } from '../accounts/account-mailing';
import type { AccountRemoval } from '../accounts/account-removal';
import type { Clock } from '../ports/clock';
import type { CommonPasswords } from '../ports/common-passwords';
import type { PasswordHasher } from '../ports/password-hasher';
import type { UserRepository } from '../ports/user-repository';
import type { ClientThrottle } from './client-throttle';
import { refuseCommonPassword } from './new-password';

export type SignUpResult =
  | { ok: true; user: User }
  | { ok: false; field: 'email' | 'username'; message: string };

export interface SignUpCommand extends SignUpInput {
  clientAddress: string;
}

/** An address whose account has not verified it this long after sign-up may be claimed by a new sign-up. */
export const CLAIMABLE_AFTER_MS = 24 * 60 * 60 * 1000;

export class SignUp {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: ClientThrottle,
    private readonly mailing: AccountMailing,
    private readonly removal: AccountRemoval,
    private readonly commonPasswords: CommonPasswords,
    private readonly now: Clock = () => Date.now(),
  ) {}

  /**
   * Creates the account (unverified) and mails its verification link. An
   * address held by an account that never verified it, 24 hours or more after
   * that sign-up, is claimed: that account is deleted (its messages stay as
   * "Former member") and this one created. Throws RateLimitedError when the
   * address signed up too often; a form that breaks a rule (a common password
   * included) is not counted.
   */
  async execute({ clientAddress, ...form }: SignUpCommand): Promise<SignUpResult> {
    refuseBrokenRule(checkSignUp(form));
    await refuseCommonPassword(this.commonPasswords, form.password, 'password');
    await this.throttle.signUp(clientAddress);

    const passwordHash = await this.hasher.hash(form.password);
    const newUser = { ...normaliseSignUp(form), passwordHash };
    let result = await this.users.create(newUser);
    if (!result.created && result.conflict === 'email') {
      const claim = await this.claim(newUser.email, newUser.username);
      if (claim === 'claimed') result = await this.users.create(newUser);
      else if (claim === 'username-taken') result = { created: false, conflict: 'username' };
    }
    if (!result.created) {
      return result.conflict === 'email'
        ? { ok: false, field: 'email', message: EMAIL_TAKEN_MESSAGE }
        : { ok: false, field: 'username', message: USERNAME_TAKEN_MESSAGE };
    }
    await this.mailing.sendVerification(result.user);
    return { ok: true, user: result.user };
  }

  /** Deletes the stale unverified account holding the address, unless this sign-up would fail anyway (its username is another account's). */
  private async claim(email: string, username: string): Promise<'claimed' | 'username-taken' | 'not-claimable'> {
    const stale = await this.users.findClaimable(canonicalName(email), new Date(this.now() - CLAIMABLE_AFTER_MS));
    if (stale === null) return 'not-claimable';
    const holder = await this.users.findCredentialsByUsername(canonicalName(username));
    if (holder && holder.user.id !== stale) return 'username-taken';
    await this.removal.remove(stale);
    return 'claimed';
  }
}
