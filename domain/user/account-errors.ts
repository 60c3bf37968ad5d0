// Refusals of the account features: an address not yet verified, a password
// confirmation that failed, a mailed link that no longer works, a claim on an
// address that another account verified first.
import { DomainError } from '@domain/errors';

const EMAIL_NOT_VERIFIED_MESSAGE =
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

export const EMAIL_CLAIM_LOST_MESSAGE =
  'Another account verified this UF email address first, so the address stays with that account. If it is yours, log in to that account (Forgot password can help); you can delete this account from Edit profile.';

/** This account signed up with an address another account held unverified, and that account verified it first. */
export class EmailClaimLostError extends DomainError {
  constructor() {
    super('EMAIL_CLAIM_LOST', EMAIL_CLAIM_LOST_MESSAGE);
  }
}
