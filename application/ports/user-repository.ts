import type { CanonicalName } from '../../domain/user/canonical-name';
import type { NewUser, User, UserCredentials } from '../../domain/user/user';

export type CreateUserResult =
  | { created: true; user: User }
  | { created: false; conflict: 'email' | 'username' };

export interface UserRepository {
  /**
   * Creates the user unless another account has the same canonical email or
   * canonical username (domain/user/canonical-name.ts); the email is reported first.
   */
  create(user: NewUser): Promise<CreateUserResult>;
  findById(id: number): Promise<User | null>;
  /** The account whose canonical username this is (login). */
  findCredentialsByUsername(username: CanonicalName): Promise<UserCredentials | null>;
}
