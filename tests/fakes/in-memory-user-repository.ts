import type { Clock } from '../../application/ports/clock';
import type { CreateUserResult, UserRepository } from '../../application/ports/user-repository';
import { canonicalName, type CanonicalName } from '../../domain/user/canonical-name';
import type { NewUser, Profile, User, UserCredentials } from '../../domain/user/user';

type Row = Omit<User, 'emailVerified'> & {
  passwordHash: string;
  usernameCanonical: string;
  emailCanonical: string;
  createdAt: number;
  verifiedAt: number | null;
  deleted: boolean;
};

export class InMemoryUserRepository implements UserRepository {
  private readonly rows: Row[] = [];

  constructor(private readonly now: Clock = () => Date.now()) {}

  async create(user: NewUser): Promise<CreateUserResult> {
    const usernameCanonical = canonicalName(user.username);
    const emailCanonical = canonicalName(user.email);
    if (this.rows.some((r) => r.emailCanonical === emailCanonical)) return { created: false, conflict: 'email' };
    if (this.rows.some((r) => r.usernameCanonical === usernameCanonical)) return { created: false, conflict: 'username' };
    const row: Row = { ...user, id: this.rows.length + 1, usernameCanonical, emailCanonical, createdAt: this.now(), verifiedAt: null, deleted: false };
    this.rows.push(row);
    return { created: true, user: publicUser(row) };
  }

  async findById(id: number): Promise<User | null> {
    const row = this.live((r) => r.id === id);
    return row ? publicUser(row) : null;
  }

  async findCredentialsByUsername(username: CanonicalName): Promise<UserCredentials | null> {
    return credentials(this.live((r) => r.usernameCanonical === username));
  }

  async findCredentialsByEmail(email: CanonicalName): Promise<UserCredentials | null> {
    return credentials(this.live((r) => r.emailCanonical === email));
  }

  async findCredentialsById(id: number): Promise<UserCredentials | null> {
    return credentials(this.live((r) => r.id === id));
  }

  async findClaimable(email: CanonicalName, createdBefore: Date): Promise<number | null> {
    const row = this.live((r) => r.emailCanonical === email && r.verifiedAt === null && r.createdAt <= createdBefore.getTime());
    return row?.id ?? null;
  }

  async markEmailVerified(id: number): Promise<boolean> {
    const row = this.live((r) => r.id === id);
    if (!row) return false;
    row.verifiedAt ??= this.now();
    return true;
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    const row = this.live((r) => r.id === id);
    if (row) row.passwordHash = passwordHash;
  }

  async updateProfile(id: number, profile: Profile): Promise<User | null> {
    const row = this.live((r) => r.id === id);
    if (!row) return null;
    Object.assign(row, profile);
    return publicUser(row);
  }

  async markDeleted(id: number): Promise<void> {
    const row = this.live((r) => r.id === id);
    if (!row) return;
    const tombstone = `deleted:${id}`;
    Object.assign(row, { firstName: '', lastName: '', username: '', email: '', major: '', year: '', bio: '', passwordHash: '' });
    Object.assign(row, { usernameCanonical: tombstone, emailCanonical: tombstone, deleted: true });
  }

  async deletedAmong(ids: readonly number[]): Promise<Set<number>> {
    return new Set(ids.filter((id) => this.rows.some((r) => r.id === id && r.deleted)));
  }

  private live(match: (row: Row) => boolean): Row | undefined {
    return this.rows.find((r) => !r.deleted && match(r));
  }
}

function credentials(row: Row | undefined): UserCredentials | null {
  return row ? { user: publicUser(row), passwordHash: row.passwordHash } : null;
}

function publicUser({ passwordHash: _hash, usernameCanonical: _u, emailCanonical: _e, createdAt: _c, verifiedAt, deleted: _d, ...user }: Row): User {
  return { ...user, emailVerified: verifiedAt !== null };
}
