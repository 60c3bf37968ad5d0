// One behaviour for every RateLimiter adapter: exact atomic counting, windows
// and blocks that end, rewards, resets, keys and rules kept apart, and store
// failures passed through as errors (never reported as a refusal).
import { describe, expect, it } from 'vitest';
import type { RateLimiter, RateRule } from '@application/ports/rate-limiter';
import { afterTimePasses, type TestClock } from '@tests/support/test-clock';

let n = 0;
/** A rule of its own for each test: the stores outlive one test. */
const rule = (points: number, windowMs = 60_000): RateRule => {
  n += 1;
  return { name: `contract-${process.pid}-${n}`, points, windowMs };
};

export interface RateLimiterContractOptions {
  /**
   * Takes over the clock the adapter's windows and blocks run on, for the test
   * that calls it. None where they live on the store server's clock (Redis
   * expiry), which the test can only wait for.
   */
  useClock?: () => TestClock;
  /** An adapter whose store is down (its connection closed). */
  makeBroken?: () => Promise<RateLimiter>;
  /** Another adapter over the same store, through a connection of its own (a second app server). */
  makeSecond?: () => Promise<RateLimiter>;
}

export function rateLimiterContract(makeLimiter: () => RateLimiter, options: RateLimiterContractOptions = {}) {
  describe('RateLimiter contract', () => {
    it('counts consumptions in a window and refuses past the points', async () => {
      const limiter = makeLimiter();
      const r = rule(3);
      const first = await limiter.consume(r, 'k');
      expect(first).toMatchObject({ allowed: true, consumed: 1, remaining: 2 });
      expect(first.retryAfterMs).toBeGreaterThan(50_000);
      expect(first.retryAfterMs).toBeLessThanOrEqual(60_000);
      expect(await limiter.consume(r, 'k')).toMatchObject({ allowed: true, consumed: 2, remaining: 1 });
      expect(await limiter.consume(r, 'k')).toMatchObject({ allowed: true, consumed: 3, remaining: 0 });
      const refused = await limiter.consume(r, 'k');
      expect(refused).toMatchObject({ allowed: false, consumed: 4, remaining: 0 });
      expect(refused.retryAfterMs).toBeGreaterThan(50_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    });

    it('consumes several points at once', async () => {
      const limiter = makeLimiter();
      const r = rule(5);
      expect(await limiter.consume(r, 'k', 4)).toMatchObject({ allowed: true, consumed: 4, remaining: 1 });
      expect(await limiter.consume(r, 'k', 2)).toMatchObject({ allowed: false, consumed: 6 });
    });

    it('lets exactly the points through in a parallel burst', async () => {
      const limiter = makeLimiter();
      const r = rule(10);
      const decisions = await Promise.all(Array.from({ length: 30 }, () => limiter.consume(r, 'burst')));
      const allowed = decisions.filter((d) => d.allowed);
      expect(allowed).toHaveLength(10);
      expect(allowed.map((d) => d.consumed).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect((await limiter.get(r, 'burst'))?.consumed).toBe(30);
    });

    it('reads a count without changing it', async () => {
      const limiter = makeLimiter();
      const r = rule(5);
      expect(await limiter.get(r, 'k')).toBeNull();
      await limiter.consume(r, 'k');
      await limiter.consume(r, 'k');
      const read = await limiter.get(r, 'k');
      expect(read).toMatchObject({ consumed: 2, remaining: 3 });
      expect(read!.retryAfterMs).toBeGreaterThan(50_000);
      expect(await limiter.get(r, 'k')).toMatchObject({ consumed: 2 });
    });

    it('gives points back, never below zero', async () => {
      const limiter = makeLimiter();
      const r = rule(3);
      for (let i = 0; i < 3; i++) await limiter.consume(r, 'k');
      await limiter.reward(r, 'k', 2);
      expect(await limiter.consume(r, 'k')).toMatchObject({ allowed: true, consumed: 2 });
      await limiter.reward(r, 'k', 5);
      expect(await limiter.consume(r, 'k')).toMatchObject({ allowed: true, consumed: 1 });
      // A reward for a key with no window leaves no credit behind.
      await limiter.reward(r, 'fresh');
      const decisions = [];
      for (let i = 0; i < 4; i++) decisions.push(await limiter.consume(r, 'fresh'));
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    });

    it('blocks a key for a time, whatever was consumed, and leaves other keys alone', async () => {
      const limiter = makeLimiter();
      const r = rule(10);
      await limiter.block(r, 'blocked', 60_000);
      const refused = await limiter.consume(r, 'blocked');
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfterMs).toBeGreaterThan(55_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
      expect((await limiter.consume(r, 'other')).allowed).toBe(true);
      // A block outlasts the rule's own window.
      const short = rule(10, 1_000);
      await limiter.block(short, 'k', 120_000);
      expect((await limiter.consume(short, 'k')).retryAfterMs).toBeGreaterThan(100_000);
    });

    it('ends windows and blocks', async () => {
      const clock = options.useClock?.() ?? null;
      const limiter = makeLimiter();
      // One second: the shortest window and block the stores keep (they count whole seconds).
      const r = rule(2, 1_000);
      await limiter.consume(r, 'window', 3);
      await limiter.block(r, 'blocked', 1_000);
      expect((await limiter.consume(r, 'blocked')).allowed).toBe(false);
      await afterTimePasses(clock, 1_000, async () => {
        expect(await limiter.get(r, 'window')).toBeNull();
        expect(await limiter.get(r, 'blocked')).toBeNull();
      });
      expect(await limiter.consume(r, 'window')).toMatchObject({ allowed: true, consumed: 1 });
      expect(await limiter.consume(r, 'blocked')).toMatchObject({ allowed: true, consumed: 1 });
    });

    // Only a clock the test moves can look at a window a moment before it ends without a timed assertion.
    if (options.useClock)
      it('keeps a window and a block until their time is up, not a moment less', async () => {
        const clock = options.useClock!();
        const limiter = makeLimiter();
        const r = rule(2, 60_000);
        await limiter.consume(r, 'window', 3);
        await limiter.block(r, 'blocked', 120_000);
        clock.advance(59_999);
        expect(await limiter.consume(r, 'window')).toMatchObject({ allowed: false, consumed: 4, retryAfterMs: 1 });
        clock.advance(1);
        expect(await limiter.consume(r, 'window')).toMatchObject({ allowed: true, consumed: 1 });
        clock.advance(60_000 - 1);
        expect(await limiter.consume(r, 'blocked')).toMatchObject({ allowed: false, retryAfterMs: 1 });
        clock.advance(1);
        expect(await limiter.consume(r, 'blocked')).toMatchObject({ allowed: true, consumed: 1 });
      });

    it('forgets a key on reset, a blocked one too', async () => {
      const limiter = makeLimiter();
      const r = rule(2);
      for (let i = 0; i < 3; i++) await limiter.consume(r, 'k');
      await limiter.reset(r, 'k');
      expect(await limiter.get(r, 'k')).toBeNull();
      expect(await limiter.consume(r, 'k')).toMatchObject({ allowed: true, consumed: 1 });
      await limiter.block(r, 'b', 60_000);
      await limiter.reset(r, 'b');
      expect((await limiter.consume(r, 'b')).allowed).toBe(true);
      await limiter.reset(r, 'never-seen');
    });

    it('keeps keys and rules apart, whatever the key holds', async () => {
      const limiter = makeLimiter();
      const a = rule(1);
      const b = rule(1);
      const keys = ['k', 'k:1', 'K', '["203.0.113.7","albert"]', `'; drop table users; --`, 'li\u0307bby', '🐊', 'x'.repeat(1_000)];
      for (const key of keys) expect((await limiter.consume(a, key)).allowed, key).toBe(true);
      for (const key of keys) expect((await limiter.consume(b, key)).allowed, key).toBe(true);
      for (const key of keys) expect((await limiter.consume(a, key)).allowed, key).toBe(false);
    });

    it('refuses one rule name with two different limits', async () => {
      const limiter = makeLimiter();
      const r = rule(2);
      await limiter.consume(r, 'k');
      await expect(limiter.consume({ ...r, points: 3 }, 'k')).rejects.toThrow(/two different limits/);
    });

    // Registered only for adapters that have a shared store (memory has none), so nothing is reported as skipped.
    if (options.makeSecond)
      it('shares exact counts, blocks and resets with another adapter over the same store', async () => {
        const one = makeLimiter();
        const two = await options.makeSecond!();
        const r = rule(10);
        const decisions = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? one : two).consume(r, 'shared')));
        expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
        await one.block(r, 'blocked', 60_000);
        expect((await two.consume(r, 'blocked')).allowed).toBe(false);
        await two.reset(r, 'blocked');
        expect((await one.consume(r, 'blocked')).allowed).toBe(true);
      });

    if (options.makeBroken)
      it('passes store failures through as errors, never as a refusal', async () => {
        const broken = await options.makeBroken!();
        const r = rule(2);
        for (const call of [
          () => broken.consume(r, 'k'),
          () => broken.get(r, 'k'),
          () => broken.reward(r, 'k'),
          () => broken.block(r, 'k', 1_000),
          () => broken.reset(r, 'k'),
        ]) {
          const failure = await call().then(
            (value) => ({ resolved: value }),
            (error: unknown) => error,
          );
          expect(failure).toBeInstanceOf(Error);
          expect(failure).not.toHaveProperty('consumedPoints');
        }
      });
  });
}
