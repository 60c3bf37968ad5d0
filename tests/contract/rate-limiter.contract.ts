// One behaviour for every RateLimiter adapter.
import { describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../application/ports/rate-limiter';

export function rateLimiterContract(makeLimiter: () => RateLimiter) {
  describe('RateLimiter contract', () => {
    it('counts hits within a window', async () => {
      const limiter = makeLimiter();
      expect((await limiter.hit('k1', 60_000)).count).toBe(1);
      expect((await limiter.hit('k1', 60_000)).count).toBe(2);
      const third = await limiter.hit('k1', 60_000);
      expect(third.count).toBe(3);
      expect(third.resetInMs).toBeGreaterThan(50_000);
      expect(third.resetInMs).toBeLessThanOrEqual(60_000);
    });

    it('peeks without counting', async () => {
      const limiter = makeLimiter();
      expect(await limiter.peek('k2')).toEqual({ count: 0, resetInMs: 0 });
      await limiter.hit('k2', 60_000);
      expect((await limiter.peek('k2')).count).toBe(1);
      expect((await limiter.peek('k2')).count).toBe(1);
    });

    it('starts a new window after the old one closes', async () => {
      const limiter = makeLimiter();
      await limiter.hit('k3', 80);
      await limiter.hit('k3', 80);
      await new Promise((r) => setTimeout(r, 150));
      expect((await limiter.peek('k3')).count).toBe(0);
      expect((await limiter.hit('k3', 80)).count).toBe(1);
    });

    it('resets a key', async () => {
      const limiter = makeLimiter();
      await limiter.hit('k4', 60_000);
      await limiter.reset('k4');
      expect((await limiter.peek('k4')).count).toBe(0);
    });

    it('keeps keys apart and counts concurrent hits exactly', async () => {
      const limiter = makeLimiter();
      await Promise.all(Array.from({ length: 20 }, () => limiter.hit('k5', 60_000)));
      await limiter.hit('k6', 60_000);
      expect((await limiter.peek('k5')).count).toBe(20);
      expect((await limiter.peek('k6')).count).toBe(1);
    });
  });
}
