import type { AccountTokenPurpose, AccountTokens } from '@application/ports/account-tokens';
import type { Clock } from '@application/ports/clock';
import type { UserId } from '@domain/ids';
import { accountTokenHash, newAccountToken } from '@adapters/security/account-token-secret';

interface Row {
  userId: UserId;
  purpose: AccountTokenPurpose;
  expiresAt: number;
  used: boolean;
}

export class InMemoryAccountTokens implements AccountTokens {
  /** By the token's hash, as the database keeps them. */
  private readonly rows = new Map<string, Row>();

  constructor(private readonly now: Clock = () => Date.now()) {}

  async issue(userId: UserId, purpose: AccountTokenPurpose, ttlMs: number): Promise<string> {
    await this.revoke(userId, purpose);
    // Rows past their time go, as the database's do.
    for (const [hash, row] of this.rows) if (row.expiresAt <= this.now()) this.rows.delete(hash);
    const token = newAccountToken();
    this.rows.set(accountTokenHash(token), { userId, purpose, expiresAt: this.now() + ttlMs, used: false });
    return token;
  }

  async consume(token: string, purpose: AccountTokenPurpose): Promise<UserId | null> {
    const hash = accountTokenHash(token);
    const row = this.rows.get(hash);
    if (!row || row.purpose !== purpose || row.used) return null;
    row.used = true;
    return row.expiresAt > this.now() ? row.userId : null;
  }

  async inspect(token: string, purpose: AccountTokenPurpose): Promise<{ userId: UserId; usable: boolean } | null> {
    const row = this.rows.get(accountTokenHash(token));
    if (!row || row.purpose !== purpose) return null;
    return { userId: row.userId, usable: !row.used && row.expiresAt > this.now() };
  }

  async revoke(userId: UserId, purpose: AccountTokenPurpose): Promise<void> {
    for (const [hash, row] of this.rows) if (row.userId === userId && row.purpose === purpose) this.rows.delete(hash);
  }

  async rehearse(): Promise<void> {
    accountTokenHash(newAccountToken());
  }
}
