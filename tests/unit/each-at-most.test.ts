// The small pool a notification batch tells its students with: every item
// once, never more than the limit at a time, a failure rejects.
import { describe, expect, it } from 'vitest';
import { eachAtMost } from '@application/shared/each-at-most';

describe('eachAtMost', () => {
  it('runs every item once, at most `limit` at a time, and as many as that when it can', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await eachAtMost(
      Array.from({ length: 20 }, (_, i) => i),
      4,
      async (item) => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, item % 3));
        seen.push(item);
        running -= 1;
      },
    );
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(4);
  });

  it('rejects with a failure; no items is no work', async () => {
    await expect(
      eachAtMost([1, 2, 3], 2, async (item) => {
        if (item === 2) throw new Error('device away');
      }),
    ).rejects.toThrow('device away');
    await expect(eachAtMost([], 8, async () => {})).resolves.toBeUndefined();
  });
});
