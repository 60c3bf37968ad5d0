// A link mailed to the account's address was opened (a verification link, or
// a password reset's): the address is verified. An account that signed up to
// claim an address another account held unverified takes it now, and that
// account, which never proved the mailbox, is deleted as Delete my account
// deletes (its sessions end, its messages stay as "Former member"). See
// domain/user/address-claim.ts for who wins.
import type { UserRepository } from '@application/ports/user-repository';
import type { UserId } from '@domain/ids';
import type { AccountRemoval } from './account-removal';

export type AddressVerificationOutcome = 'verified' | 'no-account' | 'claim-lost';

export class AddressVerification {
  constructor(
    private readonly users: UserRepository,
    private readonly removal: AccountRemoval,
  ) {}

  /** 'verified', or why not: the account is gone, or it waited for an address another account verified first. */
  async proved(userId: UserId): Promise<AddressVerificationOutcome> {
    const proof = await this.users.markEmailVerified(userId);
    if (!proof.verified) return proof.reason;
    if (proof.displaced !== null) await this.removal.remove(proof.displaced);
    return 'verified';
  }
}
