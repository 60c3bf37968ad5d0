// What an account whose address is not verified may do (EMAIL_VERIFICATION):
// `required` lets it browse and search but refuses joining, posting and
// creating groups; `optional` allows everything (profile cards then say
// "Unverified"). The use cases that join, post or create ask here first.
import { NotAuthenticatedError } from '@domain/errors';
import type { UserId } from '@domain/ids';
import { EmailNotVerifiedError } from '@domain/user/account-errors';
import type { User } from '@domain/user/user';
import type { UserRepository } from '@application/ports/user-repository';

export type EmailVerificationMode = 'required' | 'optional';

export class EmailVerificationPolicy {
  constructor(
    private readonly users: UserRepository,
    readonly mode: EmailVerificationMode,
  ) {}

  /** Throws EmailNotVerifiedError (403) when the mode requires a verified address and this student has none. */
  async requireVerified(userId: UserId): Promise<void> {
    if (this.mode === 'optional') return;
    const user = await this.users.findById(userId);
    if (!user) throw new NotAuthenticatedError('Your account no longer exists.');
    this.check(user);
  }

  /** The same check for a caller that has the account already. */
  check(user: User): void {
    if (this.mode === 'required' && !user.emailVerified) throw new EmailNotVerifiedError();
  }
}
