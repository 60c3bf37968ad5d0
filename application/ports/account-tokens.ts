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
   * The account the token was issued to, if it is that purpose's, current,
   * unused and unexpired; it is used up (two consumers at once: one gets the
   * account). Null for anything else: unknown, used, replaced, expired.
   */
  consume(token: string, purpose: AccountTokenPurpose): Promise<UserId | null>;
  /**
   * What the token is now, without using it up: its account, and whether
   * consume() would give it (`usable`). A used or expired token is still known
   * as its account's (usable: false) until it is cleaned away, at the latest
   * at the next issue() of any account after its time is up; null for a token
   * never issued for that purpose, or replaced or revoked (so a page can say
   * at once that its link no longer works, and a used verification link can
   * say whose address it verified).
   */
  inspect(token: string, purpose: AccountTokenPurpose): Promise<{ userId: UserId; usable: boolean } | null>;
  /** Every token of that account and purpose stops working (the password changed: a pending reset link must not). */
  revoke(userId: UserId, purpose: AccountTokenPurpose): Promise<void>;
  /**
   * The work of issue() without storing anything: for a caller that must take
   * about as long whether or not the account exists (a password reset request).
   */
  rehearse(purpose: AccountTokenPurpose): Promise<void>;
}
