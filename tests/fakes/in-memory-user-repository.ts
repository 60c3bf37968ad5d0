import type { Clock } from '@application/ports/clock';
import type { AddressProof, AuthorRecord, CreateUserResult, UserRepository } from '@application/ports/user-repository';
import { UserId } from '@domain/ids';
import { claimOnProof } from '@domain/user/address-claim';
import { canonicalName, type CanonicalName } from '@domain/user/canonical-name';
import type { NewUser, Profile, User, UserCredentials } from '@domain/user/user';

type Row = Omit<User, 'emailVerified'> & {
  passwordHash: string;
  usernameCanonical: string;
  emailCanonical: string;
  /** Waits to claim the address (another account may hold it). */
  emailPending: boolean;
  createdAt: number;
  verifiedAt: number | null;
  deleted: boolean;
};

export class InMemoryUserRepository implements UserRepository {
  private readonly rows: Row[] = [];

  constructor(private readonly now: Clock = () => Date.now()) {}

  async create(user: NewUser, options: { claim?: boolean } = {}): Promise<CreateUserResult> {
    const usernameCanonical = canonicalName(user.username);
    const emailCanonical = canonicalName(user.email);
    const emailPending = options.claim === true;
    if (!emailPending && this.holderOf(emailCanonical)) return { created: false, conflict: 'email' };
    if (this.rows.some((r) => r.usernameCanonical === usernameCanonical)) return { created: false, conflict: 'username' };
    const row: Row = {
      ...user,
      id: UserId(this.rows.length + 1),
      usernameCanonical,
      emailCanonical,
      emailPending,
      createdAt: this.now(),
      verifiedAt: null,
      deleted: false,
    };
    this.rows.push(row);
    return { created: true, user: publicUser(row) };
  }

  async findById(id: UserId): Promise<User | null> {
    const row = this.live((r) => r.id === id);
    return row ? publicUser(row) : null;
  }

  async findCredentialsByUsername(username: CanonicalName): Promise<UserCredentials | null> {
    return credentials(this.live((r) => r.usernameCanonical === username));
  }

  async findCredentialsByEmail(email: CanonicalName): Promise<UserCredentials | null> {
    return credentials(this.holderOf(email));
  }

  async findCredentialsById(id: UserId): Promise<UserCredentials | null> {
    return credentials(this.live((r) => r.id === id));
  }

  async findClaimable(email: CanonicalName, createdBefore: Date): Promise<UserId | null> {
    const row = this.holderOf(email);
    return row && row.verifiedAt === null && row.createdAt <= createdBefore.getTime() ? row.id : null;
  }

  async markEmailVerified(id: UserId): Promise<AddressProof> {
    const row = this.live((r) => r.id === id);
    if (!row) return { verified: false, reason: 'no-account' };
    if (!row.emailPending) {
      if (row.emailCanonical === `released:${id}`) return { verified: false, reason: 'claim-lost' };
      row.verifiedAt ??= this.now();
      return { verified: true, displaced: null };
    }
    const holder = this.holderOf(row.emailCanonical);
    if (claimOnProof(holder ? { emailVerified: holder.verifiedAt !== null } : null) === 'lost')
      return { verified: false, reason: 'claim-lost' };
    if (holder) holder.emailCanonical = `released:${holder.id}`;
    Object.assign(row, { emailPending: false, verifiedAt: this.now() });
    return { verified: true, displaced: holder?.id ?? null };
  }

  async claimLost(id: UserId): Promise<boolean> {
    const row = this.live((r) => r.id === id && r.emailPending);
    return row !== undefined && this.holderOf(row.emailCanonical)?.verifiedAt != null;
  }

  async setPasswordHash(id: UserId, passwordHash: string): Promise<void> {
    const row = this.live((r) => r.id === id);
    if (row) row.passwordHash = passwordHash;
  }

  async updateProfile(id: UserId, profile: Profile): Promise<User | null> {
    const row = this.live((r) => r.id === id);
    if (!row) return null;
    Object.assign(row, profile);
    return publicUser(row);
  }

  async markDeleted(id: UserId): Promise<void> {
    const row = this.live((r) => r.id === id);
    if (!row) return;
    // The canonical username stays: the name stays reserved.
    Object.assign(row, { firstName: '', lastName: '', username: '', email: '', major: '', year: '', bio: '', passwordHash: '' });
    Object.assign(row, { emailCanonical: `deleted:${id}`, emailPending: false, deleted: true });
  }

  async authorsAmong(ids: readonly UserId[]): Promise<Map<UserId, AuthorRecord>> {
    const authors = new Map<UserId, AuthorRecord>();
    for (const row of this.rows.filter((r) => ids.includes(r.id))) {
      authors.set(row.id, row.deleted ? { deleted: true } : { deleted: false, firstName: row.firstName, lastName: row.lastName });
    }
    return authors;
  }

  private live(match: (row: Row) => boolean): Row | undefined {
    return this.rows.find((r) => !r.deleted && match(r));
  }

  /** The account holding the address (not one waiting to claim it). */
  private holderOf(email: string): Row | undefined {
    return this.live((r) => r.emailCanonical === email && !r.emailPending);
  }
}

function credentials(row: Row | undefined): UserCredentials | null {
  return row ? { user: publicUser(row), passwordHash: row.passwordHash } : null;
}

function publicUser({
  passwordHash: _hash,
  usernameCanonical: _u,
  emailCanonical: _e,
  emailPending: _p,
  createdAt: _c,
  verifiedAt,
  deleted: _d,
  ...user
}: Row): User {
  return { ...user, emailVerified: verifiedAt !== null };
}
