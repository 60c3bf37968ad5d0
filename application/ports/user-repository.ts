import type { CanonicalName } from '../../domain/user/canonical-name';
import type { NewUser, Profile, User, UserCredentials } from '../../domain/user/user';

export type CreateUserResult =
  | { created: true; user: User }
  | { created: false; conflict: 'email' | 'username' };

/**
 * Accounts. A deleted account keeps its row as a tombstone (its id stays the
 * author of its chat messages) with every personal field erased and its email
 * and username free for a new account; no lookup below finds it, and
 * `deletedAmong` says it is gone.
 */
export interface UserRepository {
  /**
   * Creates the user (unverified) unless another account has the same canonical email or
   * canonical username (domain/user/canonical-name.ts); the email is reported first.
   */
  create(user: NewUser): Promise<CreateUserResult>;
  findById(id: number): Promise<User | null>;
  /** The account whose canonical username this is (login). */
  findCredentialsByUsername(username: CanonicalName): Promise<UserCredentials | null>;
  /** The account whose canonical email this is (a password reset asked for by address). */
  findCredentialsByEmail(email: CanonicalName): Promise<UserCredentials | null>;
  findCredentialsById(id: number): Promise<UserCredentials | null>;
  /**
   * The id of the account holding this canonical email if it never verified
   * it and was created at or before `createdBefore` (a sign-up may claim the
   * address); null otherwise.
   */
  findClaimable(email: CanonicalName, createdBefore: Date): Promise<number | null>;
  /** The account's address is verified (idempotent). False when there is no such account. */
  markEmailVerified(id: number): Promise<boolean>;
  setPasswordHash(id: number, passwordHash: string): Promise<void>;
  /** The profile as given (already checked and normalised); null when there is no such account. */
  updateProfile(id: number, profile: Profile): Promise<User | null>;
  /** Turns the account into a tombstone (see above); idempotent. */
  markDeleted(id: number): Promise<void>;
  /** The ids among these that belong to deleted accounts. */
  deletedAmong(ids: readonly number[]): Promise<Set<number>>;
}
