import type { UserId } from '@domain/ids';
import type { CanonicalName } from '@domain/user/canonical-name';
import type { NewUser, Profile, User, UserCredentials } from '@domain/user/user';

export type CreateUserResult = { created: true; user: User } | { created: false; conflict: 'email' | 'username' };

/** An account as chat messages name their author: its names now, or that it was deleted. */
export type AuthorRecord = { deleted: true } | { deleted: false; firstName: string; lastName: string };

/** What a link that reached the account's address did (domain/user/address-claim.ts). */
export type AddressProof =
  /** `displaced`: the account that held the address without verifying it; the address is no longer its, and the caller deletes it. */
  { verified: true; displaced: UserId | null } | { verified: false; reason: 'no-account' | 'claim-lost' };

/**
 * Accounts. An account holds its address, or (signed up to claim an address
 * another account holds unverified) waits to take it when its link is opened;
 * only holders are found by address. A deleted account keeps its row as a
 * tombstone (its id stays the author of its chat messages) with every
 * personal field erased and its email free for a new account; its canonical
 * username stays, so nobody can take the name shown beside its old messages.
 * No lookup below finds a tombstone, and `authorsAmong` says it is gone.
 */
export interface UserRepository {
  /**
   * Creates the user (unverified) unless another account holds the same canonical email or
   * has the same canonical username (domain/user/canonical-name.ts; a deleted account's
   * username counts); the email is reported first. With `claim`, the account only waits for
   * the address (another account may hold it, and other claims may wait for it): only the
   * username must be free.
   */
  create(user: NewUser, options?: { claim?: boolean }): Promise<CreateUserResult>;
  findById(id: UserId): Promise<User | null>;
  /** The account whose canonical username this is (login). */
  findCredentialsByUsername(username: CanonicalName): Promise<UserCredentials | null>;
  /** The account holding this canonical email (a password reset asked for by address); never one waiting to claim it. */
  findCredentialsByEmail(email: CanonicalName): Promise<UserCredentials | null>;
  findCredentialsById(id: UserId): Promise<UserCredentials | null>;
  /**
   * The id of the account holding this canonical email if it never verified
   * it and was created at or before `createdBefore` (a sign-up may claim the
   * address); null otherwise.
   */
  findClaimable(email: CanonicalName, createdBefore: Date): Promise<UserId | null>;
  /**
   * A link reached the account's address: it is verified (idempotent). An
   * account waiting to claim its address takes it, atomically, as
   * `claimOnProof` says: from an unverified holder (answered as `displaced`),
   * or not at all when the holder verified first or another claim took it
   * (`claim-lost`). A holder whose address a claim took a moment before gets
   * `claim-lost` too: of the accounts proving one address at once, exactly
   * one is verified.
   */
  markEmailVerified(id: UserId): Promise<AddressProof>;
  /** True when the account waits to claim an address that another account has verified (it can never have it). */
  claimLost(id: UserId): Promise<boolean>;
  setPasswordHash(id: UserId, passwordHash: string): Promise<void>;
  /** The profile as given (already checked and normalised); null when there is no such account. */
  updateProfile(id: UserId, profile: Profile): Promise<User | null>;
  /** Turns the account into a tombstone (see above); idempotent. */
  markDeleted(id: UserId): Promise<void>;
  /** The ids among these that are accounts, deleted ones too: each one's first and last name, or that it was deleted. */
  authorsAmong(ids: readonly UserId[]): Promise<Map<UserId, AuthorRecord>>;
}
