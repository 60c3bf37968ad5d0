import type { Knex } from 'knex';
import type { AddressProof, AuthorRecord, CreateUserResult, UserRepository } from '@application/ports/user-repository';
import { UserId } from '@domain/ids';
import { claimOnProof } from '@domain/user/address-claim';
import { canonicalName, type CanonicalName } from '@domain/user/canonical-name';
import type { NewUser, Profile, User, UserCredentials } from '@domain/user/user';
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

function toUser(row: Omit<UserRow, 'password_hash'>): User {
  return {
    id: UserId(row.id),
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
const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === UNIQUE_VIOLATION;

/**
 * The canonical email a tombstone holds, and the one of an account whose
 * address a claim took: without "@" (every valid address has one), so the
 * unique index stays satisfied and no sign-up or lookup can ever match it.
 * (Tombstones of accounts deleted before usernames stayed reserved hold
 * `deleted:<id>` as their canonical username too: with ":", which no valid
 * username has.)
 */
const tombstoneEmail = (id: number) => `deleted:${id}`;
const releasedEmail = (id: number) => `released:${id}`;

export class KnexUserRepository implements UserRepository {
  constructor(private readonly db: Knex) {}

  /** Accounts that exist: a deleted account's tombstone is found by none of the lookups. */
  private live() {
    return this.db('users').whereNull('deleted_at');
  }

  async create(user: NewUser, options: { claim?: boolean } = {}): Promise<CreateUserResult> {
    const usernameCanonical = canonicalName(user.username);
    const emailCanonical = canonicalName(user.email);
    const claim = options.claim === true;
    // Check first for a friendly answer; the unique indexes settle races. Every row counts
    // for the username (tombstones keep theirs); only holders count for the email.
    const taken: { email_canonical: string; email_pending: boolean }[] = await this.db('users')
      .select('email_canonical', 'email_pending')
      .where('username_canonical', usernameCanonical)
      .modify((query) => {
        if (!claim)
          void query.orWhere((holder) => {
            void holder.where('email_canonical', emailCanonical).where('email_pending', false);
          });
      });
    if (taken.some((r) => !claim && r.email_canonical === emailCanonical && !r.email_pending)) return { created: false, conflict: 'email' };
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
          email_pending: claim,
          password_hash: user.passwordHash,
          major: user.major,
          year: user.year === '' ? null : Number(user.year),
          bio: user.bio,
        })
        .returning(PUBLIC_COLUMNS);
      return { created: true, user: toUser(row) };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return {
        created: false,
        conflict: (error as { constraint?: string }).constraint === 'users_email_canonical_unique' ? 'email' : 'username',
      };
    }
  }

  async findById(id: UserId): Promise<User | null> {
    const row = await this.live().select(PUBLIC_COLUMNS).where({ id }).first();
    return row ? toUser(row) : null;
  }

  findCredentialsByUsername(username: CanonicalName): Promise<UserCredentials | null> {
    return this.credentialsWhere({ username_canonical: username });
  }

  findCredentialsByEmail(email: CanonicalName): Promise<UserCredentials | null> {
    return this.credentialsWhere({ email_canonical: email, email_pending: false });
  }

  findCredentialsById(id: UserId): Promise<UserCredentials | null> {
    return this.credentialsWhere({ id });
  }

  private async credentialsWhere(match: Record<string, string | number | boolean>): Promise<UserCredentials | null> {
    const row: UserRow | undefined = await this.live()
      .select([...PUBLIC_COLUMNS, 'password_hash'])
      .where(match)
      .first();
    return row ? { user: toUser(row), passwordHash: row.password_hash } : null;
  }

  async findClaimable(email: CanonicalName, createdBefore: Date): Promise<UserId | null> {
    const row: { id: number } | undefined = await this.live()
      .select('id')
      .where({ email_canonical: email, email_pending: false })
      .whereNull('email_verified_at')
      .where('created_at', '<=', createdBefore)
      .first();
    return row ? UserId(row.id) : null;
  }

  async markEmailVerified(id: UserId): Promise<AddressProof> {
    try {
      return await this.db.transaction(async (trx): Promise<AddressProof> => {
        const own: { email_canonical: string; email_pending: boolean } | undefined = await trx('users')
          .select('email_canonical', 'email_pending')
          .where({ id })
          .whereNull('deleted_at')
          .forUpdate()
          .first();
        if (!own) return { verified: false, reason: 'no-account' };
        if (own.email_pending) {
          // The holder's row is locked until this commits: its own verification waits, then finds the address gone.
          const holder: { id: number; email_verified_at: Date | string | null } | undefined = await trx('users')
            .select('id', 'email_verified_at')
            .where({ email_canonical: own.email_canonical, email_pending: false })
            .whereNull('deleted_at')
            .forUpdate()
            .first();
          const outcome = claimOnProof(holder ? { emailVerified: holder.email_verified_at !== null } : null);
          if (outcome === 'lost') return { verified: false, reason: 'claim-lost' };
          if (holder)
            await trx('users')
              .where({ id: holder.id })
              .update({ email_canonical: releasedEmail(holder.id) });
          // A claim that took the address a moment ago (its holder row was not ours to lock) breaks the unique index: lost.
          await trx('users').where({ id }).update({ email_pending: false, email_verified_at: trx.fn.now() });
          return { verified: true, displaced: holder ? UserId(holder.id) : null };
        }
        // A claim took this holder's address while its link was on the way: the claim was first.
        if (own.email_canonical === releasedEmail(id)) return { verified: false, reason: 'claim-lost' };
        await trx('users')
          .where({ id })
          .update({ email_verified_at: trx.raw('coalesce(email_verified_at, now())') });
        return { verified: true, displaced: null };
      });
    } catch (error) {
      if (isUniqueViolation(error)) return { verified: false, reason: 'claim-lost' };
      throw error;
    }
  }

  async claimLost(id: UserId): Promise<boolean> {
    const row = await this.db('users as claimer')
      .join('users as holder', (on) => {
        on.on('holder.email_canonical', 'claimer.email_canonical').andOnVal('holder.email_pending', false);
      })
      .where({ 'claimer.id': id, 'claimer.email_pending': true })
      .whereNull('claimer.deleted_at')
      .whereNull('holder.deleted_at')
      .whereNotNull('holder.email_verified_at')
      .first('claimer.id');
    return row !== undefined;
  }

  async setPasswordHash(id: UserId, passwordHash: string): Promise<void> {
    await this.live().where({ id }).update({ password_hash: passwordHash });
  }

  async updateProfile(id: UserId, profile: Profile): Promise<User | null> {
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

  async markDeleted(id: UserId): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('users')
        .where({ id })
        .whereNull('deleted_at')
        .update({
          first_name: '',
          last_name: '',
          // The canonical username stays: the name stays reserved.
          username: '',
          email: '',
          email_canonical: tombstoneEmail(id),
          email_pending: false,
          // No hash verifies against this, and no lookup reaches a tombstone anyway.
          password_hash: '',
          major: '',
          year: null,
          bio: '',
          deleted_at: trx.fn.now(),
        });
      // What was only the student's own: where they had read up to, their mailed links, their invites and requests to join.
      await trx('chat_read_markers').where({ user_id: id }).delete();
      await trx('account_tokens').where({ user_id: id }).delete();
      await trx('study_group_join_requests').where({ user_id: id }).delete();
    });
  }

  async authorsAmong(ids: readonly UserId[]): Promise<Map<UserId, AuthorRecord>> {
    if (ids.length === 0) return new Map();
    const rows: { id: number; first_name: string; last_name: string; deleted_at: Date | string | null }[] = await this.db('users')
      .select('id', 'first_name', 'last_name', 'deleted_at')
      .whereIn('id', [...ids]);
    return new Map(
      rows.map((row) => [
        UserId(row.id),
        row.deleted_at === null ? { deleted: false, firstName: row.first_name, lastName: row.last_name } : { deleted: true },
      ]),
    );
  }
}
