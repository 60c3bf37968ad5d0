// Refusals of the account features of issue 14: an address not yet verified,
// a password confirmation that failed, a mailed link that no longer works.
import { DomainError } from '../errors';

export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please verify your UF email address first: open the link we sent you, or ask for a new one with Resend.';

/** EMAIL_VERIFICATION=required: joining, posting and creating groups wait for a verified address. */
export class EmailNotVerifiedError extends DomainError {
  constructor() {
    super('EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED_MESSAGE);
  }
}

/** The password given to confirm a change (change password, delete account) is not the account's. */
export class WrongPasswordError extends DomainError {
  constructor(readonly field: string) {
    super('WRONG_PASSWORD', 'That is not your current password.', { field });
  }
}

/** A verification or reset link that is unknown, used, replaced by a newer one or expired: one answer for all. */
export class LinkInvalidError extends DomainError {
  constructor(message: string) {
    super('LINK_INVALID', message);
  }
}
