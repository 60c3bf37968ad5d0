import type { UserId } from '@domain/ids';
// Single-use tokens the account mails carry: a random secret of which only a
// hash is kept, bound to one account and one purpose, valid for a while.

export type AccountTokenPurpose = 'verify-email' | 'reset-password';

export interface AccountTokens {
  /**
   * A new random token for the account and purpose, valid for ttlMs. Every
   * earlier token of that account and purpose stops working (a new request
   * invalidates the old link). Only a hash of the token is stored.
   */
  issue(userId: UserId, purpose: AccountTokenPurpose, ttlMs: number): Promise<string>;
  /**
   * The account the token was issued to, if it is that purpose's, current
   * and unexpired; it is used up (two consumers at once: one gets the
   * account). Null for anything else: unknown, used, replaced, expired.
   */
  consume(token: string, purpose: AccountTokenPurpose): Promise<UserId | null>;
  /** Every token of that account and purpose stops working (the password changed: a pending reset link must not). */
  revoke(userId: UserId, purpose: AccountTokenPurpose): Promise<void>;
  /**
   * The work of issue() without storing anything: for a caller that must take
   * about as long whether or not the account exists (a password reset request).
   */
  rehearse(purpose: AccountTokenPurpose): Promise<void>;
}
