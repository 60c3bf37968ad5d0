import type { Knex } from 'knex';
import type { CreateUserResult, UserRepository } from '../../application/ports/user-repository';
import { canonicalName, type CanonicalName } from '../../domain/user/canonical-name';
import type { NewUser, User, UserCredentials, Year } from '../../domain/user/user';

interface UserRow {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  password_hash: string;
  major: string;
  year: number;
  bio: string;
}

const PUBLIC_COLUMNS = ['id', 'first_name', 'last_name', 'username', 'email', 'major', 'year', 'bio'];

export function toUser(row: Omit<UserRow, 'password_hash'>): User {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.username,
    email: row.email,
    major: row.major,
    year: String(row.year) as Year,
    bio: row.bio,
  };
}

const UNIQUE_VIOLATION = '23505';

export class KnexUserRepository implements UserRepository {
  constructor(private readonly db: Knex) {}

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
          year: Number(user.year),
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
    const row = await this.db('users').select(PUBLIC_COLUMNS).where({ id }).first();
    return row ? toUser(row) : null;
  }

  async findCredentialsByUsername(username: CanonicalName): Promise<UserCredentials | null> {
    const row: UserRow | undefined = await this.db('users')
      .select([...PUBLIC_COLUMNS, 'password_hash'])
      .where('username_canonical', username)
      .first();
    return row ? { user: toUser(row), passwordHash: row.password_hash } : null;
  }
}
