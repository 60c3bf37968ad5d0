import type { UserId } from '@domain/ids';
import type { User } from '@domain/user/user';
import type { UserRepository } from '@application/ports/user-repository';

/** The signed-in student's profile, or null when the account no longer exists. */
export class GetUser {
  constructor(private readonly users: UserRepository) {}

  execute(userId: UserId): Promise<User | null> {
    return this.users.findById(userId);
  }
}
