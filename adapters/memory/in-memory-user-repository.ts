import type { CreateUserResult, UserRepository } from '../../application/ports/user-repository';
import type { NewUser, User, UserCredentials } from '../../domain/user/user';

export class InMemoryUserRepository implements UserRepository {
  private readonly rows: (User & { passwordHash: string })[] = [];

  async create(user: NewUser): Promise<CreateUserResult> {
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    if (this.rows.some((r) => same(r.email, user.email))) return { created: false, conflict: 'email' };
    if (this.rows.some((r) => same(r.username, user.username))) return { created: false, conflict: 'username' };
    const row = { ...user, id: this.rows.length + 1 };
    this.rows.push(row);
    return { created: true, user: publicUser(row) };
  }

  async findById(id: number): Promise<User | null> {
    const row = this.rows.find((r) => r.id === id);
    return row ? publicUser(row) : null;
  }

  async findCredentialsByUsername(username: string): Promise<UserCredentials | null> {
    const row = this.rows.find((r) => r.username.toLowerCase() === username.toLowerCase());
    return row ? { user: publicUser(row), passwordHash: row.passwordHash } : null;
  }
}

function publicUser({ passwordHash: _hash, ...user }: User & { passwordHash: string }): User {
  return { ...user };
}
