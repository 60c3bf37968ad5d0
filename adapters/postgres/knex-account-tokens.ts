// Mailed links' tokens in the database (Postgres, and PGlite in the embedded
// mode): one row per link, keyed by the token's hash. Consuming marks the row
// used (single use: of two consumers one gets it) and keeps it until its time
// is up; issuing deletes the account's earlier rows of that purpose, and every
// row past its time. Expiry is on the app's clock, as
// for sessions, so the comparison never mixes two clocks.
import type { Knex } from 'knex';
import type { AccountTokenPurpose, AccountTokens } from '@application/ports/account-tokens';
import type { Clock } from '@application/ports/clock';
import { UserId } from '@domain/ids';
import { accountTokenHash, newAccountToken } from '@adapters/security/account-token-secret';

export class KnexAccountTokens implements AccountTokens {
  constructor(
    private readonly db: Knex,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async issue(userId: UserId, purpose: AccountTokenPurpose, ttlMs: number): Promise<string> {
    const token = newAccountToken();
    const row = { token_hash: accountTokenHash(token), user_id: userId, purpose, expires_at: new Date(this.now() + ttlMs) };
    await this.write(userId, purpose, (trx) => trx('account_tokens').insert(row));
    return token;
  }

  async rehearse(purpose: AccountTokenPurpose): Promise<void> {
    accountTokenHash(newAccountToken());
    // The same statements, matching nothing and inserting nothing.
    await this.write(0, purpose, (trx) => trx.raw('select 1 from account_tokens where false'));
  }

  async consume(token: string, purpose: AccountTokenPurpose): Promise<UserId | null> {
    // Marked used, not deleted (inspect() still knows it); of two consumers at once, the second finds it used.
    const [row]: { user_id: number; expires_at: Date | string }[] = await this.db('account_tokens')
      .where({ token_hash: accountTokenHash(token), purpose })
      .whereNull('used_at')
      .update({ used_at: new Date(this.now()) })
      .returning(['user_id', 'expires_at']);
    if (!row || new Date(row.expires_at).getTime() <= this.now()) return null;
    return UserId(row.user_id);
  }

  async inspect(token: string, purpose: AccountTokenPurpose): Promise<{ userId: UserId; usable: boolean } | null> {
    const row: { user_id: number; expires_at: Date | string; used_at: Date | string | null } | undefined = await this.db('account_tokens')
      .where({ token_hash: accountTokenHash(token), purpose })
      .first('user_id', 'expires_at', 'used_at');
    if (!row) return null;
    return { userId: UserId(row.user_id), usable: row.used_at === null && new Date(row.expires_at).getTime() > this.now() };
  }

  async revoke(userId: UserId, purpose: AccountTokenPurpose): Promise<void> {
    await this.db('account_tokens').where({ user_id: userId, purpose }).delete();
  }

  /** In one transaction: the account's earlier links of this purpose go, expired links of anyone go, then `then`. */
  private async write(userId: number, purpose: AccountTokenPurpose, then: (trx: Knex.Transaction) => PromiseLike<unknown>): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('account_tokens').where({ user_id: userId, purpose }).delete();
      await trx('account_tokens').where('expires_at', '<=', new Date(this.now())).delete();
      await then(trx);
    });
  }
}
