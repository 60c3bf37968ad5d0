// One behaviour for every AccountTokens adapter: random single-use tokens,
// one live link per account and purpose, expiry on the given clock.
import { describe, expect, it } from 'vitest';
import type { AccountTokens } from '@application/ports/account-tokens';
import type { Clock } from '@application/ports/clock';
import type { UserId } from '@domain/ids';
import { ManualClock } from '@tests/support/test-clock';

const HOUR = 3_600_000;

/** `newUserId` makes a fresh account the store may refer to, and answers its id. */
export function accountTokensContract(makeTokens: (now: Clock) => AccountTokens, newUserId: () => Promise<UserId>) {
  describe('AccountTokens contract', () => {
    it('issues a random token that names its account once, for its purpose only', async () => {
      const tokens = makeTokens(new ManualClock().now);
      const user = await newUserId();
      const token = await tokens.issue(user, 'verify-email', HOUR);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await tokens.consume(token, 'reset-password')).toBeNull();
      expect(await tokens.consume(token, 'verify-email')).toBe(user);
      expect(await tokens.consume(token, 'verify-email')).toBeNull();
    });

    it('refuses an unknown token', async () => {
      const tokens = makeTokens(new ManualClock().now);
      expect(await tokens.consume('not-a-token', 'verify-email')).toBeNull();
      expect(await tokens.consume('A'.repeat(43), 'reset-password')).toBeNull();
    });

    it('refuses a token once its time is up, not a moment before', async () => {
      const clock = new ManualClock();
      const tokens = makeTokens(clock.now);
      const user = await newUserId();
      const first = await tokens.issue(user, 'reset-password', HOUR);
      clock.advance(HOUR - 1);
      expect(await tokens.consume(first, 'reset-password')).toBe(user);
      const second = await tokens.issue(user, 'reset-password', HOUR);
      clock.advance(HOUR);
      expect(await tokens.consume(second, 'reset-password')).toBeNull();
    });

    it("makes a new token replace the account's earlier one of that purpose, and only that", async () => {
      const tokens = makeTokens(new ManualClock().now);
      const [user, other] = [await newUserId(), await newUserId()];
      const old = await tokens.issue(user, 'verify-email', HOUR);
      const reset = await tokens.issue(user, 'reset-password', HOUR);
      const others = await tokens.issue(other, 'verify-email', HOUR);
      const fresh = await tokens.issue(user, 'verify-email', HOUR);
      expect(fresh).not.toBe(old);
      expect(await tokens.consume(old, 'verify-email')).toBeNull();
      expect(await tokens.consume(fresh, 'verify-email')).toBe(user);
      expect(await tokens.consume(reset, 'reset-password')).toBe(user);
      expect(await tokens.consume(others, 'verify-email')).toBe(other);
    });

    it("revokes an account's tokens of one purpose", async () => {
      const tokens = makeTokens(new ManualClock().now);
      const user = await newUserId();
      const reset = await tokens.issue(user, 'reset-password', HOUR);
      const verify = await tokens.issue(user, 'verify-email', HOUR);
      await tokens.revoke(user, 'reset-password');
      expect(await tokens.consume(reset, 'reset-password')).toBeNull();
      expect(await tokens.consume(verify, 'verify-email')).toBe(user);
    });

    it('lets one of two simultaneous uses of a token have it', async () => {
      const tokens = makeTokens(new ManualClock().now);
      const user = await newUserId();
      const token = await tokens.issue(user, 'reset-password', HOUR);
      const answers = await Promise.all(Array.from({ length: 5 }, () => tokens.consume(token, 'reset-password')));
      expect(answers.filter((a) => a === user)).toHaveLength(1);
    });

    it("tells what a token is without using it up: usable, then used (still its account's), unknown for another purpose", async () => {
      const tokens = makeTokens(new ManualClock().now);
      const user = await newUserId();
      const token = await tokens.issue(user, 'reset-password', HOUR);
      expect(await tokens.inspect(token, 'reset-password')).toEqual({ userId: user, usable: true });
      expect(await tokens.inspect(token, 'reset-password')).toEqual({ userId: user, usable: true });
      expect(await tokens.inspect(token, 'verify-email')).toBeNull();
      expect(await tokens.consume(token, 'reset-password')).toBe(user);
      expect(await tokens.inspect(token, 'reset-password')).toEqual({ userId: user, usable: false });
      expect(await tokens.consume(token, 'reset-password')).toBeNull();
      expect(await tokens.inspect('A'.repeat(43), 'reset-password')).toBeNull();
    });

    it('tells an expired token as not usable until it is cleaned away; a replaced or revoked one as unknown', async () => {
      const clock = new ManualClock();
      const tokens = makeTokens(clock.now);
      const [user, other] = [await newUserId(), await newUserId()];
      const expiring = await tokens.issue(user, 'verify-email', HOUR);
      const used = await tokens.issue(other, 'verify-email', HOUR);
      expect(await tokens.consume(used, 'verify-email')).toBe(other);
      clock.advance(HOUR);
      expect(await tokens.inspect(expiring, 'verify-email')).toEqual({ userId: user, usable: false });
      expect(await tokens.inspect(used, 'verify-email')).toEqual({ userId: other, usable: false });
      // Any issue() after their time is up cleans both away.
      await tokens.issue(await newUserId(), 'reset-password', HOUR);
      expect(await tokens.inspect(expiring, 'verify-email')).toBeNull();
      expect(await tokens.inspect(used, 'verify-email')).toBeNull();

      const replaced = await tokens.issue(user, 'verify-email', HOUR);
      await tokens.issue(user, 'verify-email', HOUR);
      expect(await tokens.inspect(replaced, 'verify-email')).toBeNull();
      const revoked = await tokens.issue(user, 'reset-password', HOUR);
      await tokens.revoke(user, 'reset-password');
      expect(await tokens.inspect(revoked, 'reset-password')).toBeNull();
    });

    it('rehearses without storing anything', async () => {
      const tokens = makeTokens(new ManualClock().now);
      const user = await newUserId();
      const token = await tokens.issue(user, 'reset-password', HOUR);
      await tokens.rehearse('reset-password');
      expect(await tokens.consume(token, 'reset-password')).toBe(user);
    });
  });
}
