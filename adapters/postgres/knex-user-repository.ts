import type { Knex } from 'knex';
import type { CreateUserResult, UserRepository } from '../../application/ports/user-repository';
import { canonicalName, type CanonicalName } from '../../domain/user/canonical-name';
import type { NewUser, Profile, User, UserCredentials } from '../../domain/user/user';
import { yearOfRow } from './member-profile-row';

interface UserRow {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  password_hash: string;
  major: string;
  year: number | null;
  bio: string;
  email_verified_at: Date | string | null;
}

const PUBLIC_COLUMNS = ['id', 'first_name', 'last_name', 'username', 'email', 'major', 'year', 'bio', 'email_verified_at'];

export function toUser(row: Omit<UserRow, 'password_hash'>): User {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.username,
    email: row.email,
    major: row.major,
    year: yearOfRow(row.year),
    bio: row.bio,
    emailVerified: row.email_verified_at !== null,
  };
}

const UNIQUE_VIOLATION = '23505';

/**
 * The canonical username and email a tombstone holds: with ":" (no valid
 * username has one) and without "@" (every valid address has one), so the
 * unique indexes stay satisfied and no sign-up or lookup can ever match them.
 */
const tombstoneName = (id: number) => `deleted:${id}`;

export class KnexUserRepository implements UserRepository {
  constructor(private readonly db: Knex) {}

  /** Accounts that exist: a deleted account's tombstone is found by none of the lookups. */
  private live() {
    return this.db('users').whereNull('deleted_at');
  }

  async create(user: NewUser): Promise<CreateUserResult> {
    const usernameCanonical = canonicalName(user.username);
    const emailCanonical = canonicalName(user.email);
    // Check first for a friendly answer; the unique indexes settle races.
    const taken: { email_canonical: string }[] = await this.db('users')
      .select('email_canonical')
      .where('email_canonical', emailCanonical)
      .orWhere('username_canonical', usernameCanonical);
    if (taken.some((r) => r.email_canonical === emailCanonical)) return { created: false, conflict: 'email' };
    if (taken.length > 0) return { created: false, conflict: 'username' };
    try {
      const [row] = await this.db('users')
        .insert({
          first_name: user.firstName,
          last_name: user.lastName,
          username: user.username,
          username_canonical: usernameCanonical,
          email: user.email,
          email_canonical: emailCanonical,
          password_hash: user.passwordHash,
          major: user.major,
          year: user.year === '' ? null : Number(user.year),
          bio: user.bio,
        })
        .returning(PUBLIC_COLUMNS);
      return { created: true, user: toUser(row) };
    } catch (error) {
      const pgError = error as { code?: string; constraint?: string };
      if (pgError.code !== UNIQUE_VIOLATION) throw error;
      return { created: false, conflict: pgError.constraint === 'users_email_canonical_unique' ? 'email' : 'username' };
    }
  }

  async findById(id: number): Promise<User | null> {
    const row = await this.live().select(PUBLIC_COLUMNS).where({ id }).first();
    return row ? toUser(row) : null;
  }

  findCredentialsByUsername(username: CanonicalName): Promise<UserCredentials | null> {
    return this.credentialsWhere('username_canonical', username);
  }

  findCredentialsByEmail(email: CanonicalName): Promise<UserCredentials | null> {
    return this.credentialsWhere('email_canonical', email);
  }

  findCredentialsById(id: number): Promise<UserCredentials | null> {
    return this.credentialsWhere('id', id);
  }

  private async credentialsWhere(column: string, value: string | number): Promise<UserCredentials | null> {
    const row: UserRow | undefined = await this.live()
      .select([...PUBLIC_COLUMNS, 'password_hash'])
      .where(column, value)
      .first();
    return row ? { user: toUser(row), passwordHash: row.password_hash } : null;
  }

  async findClaimable(email: CanonicalName, createdBefore: Date): Promise<number | null> {
    const row: { id: number } | undefined = await this.live()
      .select('id')
      .where('email_canonical', email)
      .whereNull('email_verified_at')
      .where('created_at', '<=', createdBefore)
      .first();
    return row?.id ?? null;
  }

  async markEmailVerified(id: number): Promise<boolean> {
    const updated = await this.live()
      .where({ id })
      .update({ email_verified_at: this.db.raw('coalesce(email_verified_at, now())') });
    return updated > 0;
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.live().where({ id }).update({ password_hash: passwordHash });
  }

  async updateProfile(id: number, profile: Profile): Promise<User | null> {
    const [row] = await this.live()
      .where({ id })
      .update({
        first_name: profile.firstName,
        last_name: profile.lastName,
        major: profile.major,
        year: profile.year === '' ? null : Number(profile.year),
        bio: profile.bio,
      })
      .returning(PUBLIC_COLUMNS);
    return row ? toUser(row) : null;
  }

  async markDeleted(id: number): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('users')
        .where({ id })
        .whereNull('deleted_at')
        .update({
          first_name: '',
          last_name: '',
          username: '',
          username_canonical: tombstoneName(id),
          email: '',
          email_canonical: tombstoneName(id),
          // No hash verifies against this, and no lookup reaches a tombstone anyway.
          password_hash: '',
          major: '',
          year: null,
          bio: '',
          deleted_at: trx.fn.now(),
        });
      // What was only the student's own: where they had read up to, their mailed links.
      await trx('chat_read_markers').where({ user_id: id }).delete();
      await trx('account_tokens').where({ user_id: id }).delete();
    });
  }

  async deletedAmong(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows: { id: number }[] = await this.db('users').select('id').whereIn('id', [...ids]).whereNotNull('deleted_at');
    return new Set(rows.map((row) => row.id));
  }
}
