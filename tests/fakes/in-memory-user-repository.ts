import type { CreateUserResult, UserRepository } from '../../application/ports/user-repository';
import { canonicalName, type CanonicalName } from '../../domain/user/canonical-name';
import type { NewUser, User, UserCredentials } from '../../domain/user/user';

type Row = User & { passwordHash: string; usernameCanonical: CanonicalName; emailCanonical: CanonicalName };

export class InMemoryUserRepository implements UserRepository {
  private readonly rows: Row[] = [];

  async create(user: NewUser): Promise<CreateUserResult> {
    const usernameCanonical = canonicalName(user.username);
    const emailCanonical = canonicalName(user.email);
    if (this.rows.some((r) => r.emailCanonical === emailCanonical)) return { created: false, conflict: 'email' };
    if (this.rows.some((r) => r.usernameCanonical === usernameCanonical)) return { created: false, conflict: 'username' };
    const row = { ...user, id: this.rows.length + 1, usernameCanonical, emailCanonical };
    this.rows.push(row);
    return { created: true, user: publicUser(row) };
  }

  async findById(id: number): Promise<User | null> {
    const row = this.rows.find((r) => r.id === id);
    return row ? publicUser(row) : null;
  }

  async findCredentialsByUsername(username: CanonicalName): Promise<UserCredentials | null> {
    const row = this.rows.find((r) => r.usernameCanonical === username);
    return row ? { user: publicUser(row), passwordHash: row.passwordHash } : null;
  }
}

function publicUser({ passwordHash: _hash, usernameCanonical: _u, emailCanonical: _e, ...user }: Row): User {
  return { ...user };
}
