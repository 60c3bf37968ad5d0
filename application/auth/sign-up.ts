import { refuseBrokenRule } from '@domain/errors';
import { CLAIMABLE_AFTER_MS } from '@domain/user/address-claim';
import { canonicalName } from '@domain/user/canonical-name';
import { checkSignUp, EMAIL_TAKEN_MESSAGE, normaliseSignUp, USERNAME_TAKEN_MESSAGE, type SignUpInput } from '@domain/user/sign-up-rules';
import type { User } from '@domain/user/user';
import type { AccountMailing } from '@application/accounts/account-mailing';
import type { Clock } from '@application/ports/clock';
import type { CommonPasswords } from '@application/ports/common-passwords';
import type { PasswordHasher } from '@application/ports/password-hasher';
import type { UserRepository } from '@application/ports/user-repository';
import type { ClientThrottle } from './client-throttle';
import { refuseCommonPassword } from './new-password';

export type SignUpResult = { ok: true; user: User } | { ok: false; field: 'email' | 'username'; message: string };

export interface SignUpCommand extends SignUpInput {
  clientAddress: string;
}

export class SignUp {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: ClientThrottle,
    private readonly mailing: AccountMailing,
    private readonly commonPasswords: CommonPasswords,
    private readonly now: Clock = () => Date.now(),
  ) {}

  /**
   * Creates the account (unverified) and mails its verification link. An
   * address held by an account that never verified it, 24 hours or more after
   * that sign-up, may be claimed: this account is created waiting for the
   * address and takes it only when its link is opened (until then the other
   * account is untouched; domain/user/address-claim.ts). Throws
   * RateLimitedError when the address signed up too often; a form that breaks
   * a rule (a common password included) is not counted.
   */
  async execute({ clientAddress, ...form }: SignUpCommand): Promise<SignUpResult> {
    refuseBrokenRule(checkSignUp(form));
    await refuseCommonPassword(this.commonPasswords, form.password, 'password');
    await this.throttle.signUp(clientAddress);

    const passwordHash = await this.hasher.hash(form.password);
    const newUser = { ...normaliseSignUp(form), passwordHash };
    let result = await this.users.create(newUser);
    if (!result.created && result.conflict === 'email' && (await this.claimable(newUser.email)))
      result = await this.users.create(newUser, { claim: true });
    if (!result.created) {
      return result.conflict === 'email'
        ? { ok: false, field: 'email', message: EMAIL_TAKEN_MESSAGE }
        : { ok: false, field: 'username', message: USERNAME_TAKEN_MESSAGE };
    }
    await this.mailing.sendVerification(result.user);
    return { ok: true, user: result.user };
  }

  /** Whether the account holding the address never verified it and signed up long enough ago. */
  private async claimable(email: string): Promise<boolean> {
    return (await this.users.findClaimable(canonicalName(email), new Date(this.now() - CLAIMABLE_AFTER_MS))) !== null;
  }
}
