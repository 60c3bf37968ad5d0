import type { NewUser, User, UserCredentials } from '../../domain/user/user';

export type CreateUserResult =
  | { created: true; user: User }
  | { created: false; conflict: 'email' | 'username' };

export interface UserRepository {
  /** Creates the user unless the email or the username (case-insensitive) is taken. */
  create(user: NewUser): Promise<CreateUserResult>;
  findById(id: number): Promise<User | null>;
  /** Case-insensitive lookup for login. */
  findCredentialsByUsername(username: string): Promise<UserCredentials | null>;
}
