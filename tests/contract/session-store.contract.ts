// One behaviour for every SessionStore adapter.
import { describe, expect, it } from 'vitest';
import type { Clock } from '@application/ports/clock';
import type { SessionStore } from '@application/ports/session-store';
import { UserId } from '@domain/ids';
import { afterTimePasses, ManualClock } from '@tests/support/test-clock';

/**
 * Where a store's expiry time comes from: the Clock it is given (the test moves
 * it), or the store server's own clock (Redis TTLs), which the test can only wait for.
 */
export type StoreTime = 'given-clock' | 'server-clock';

export function sessionStoreContract(makeStore: (now?: Clock) => SessionStore, time: StoreTime = 'given-clock') {
  describe('SessionStore contract', () => {
    it('returns what was stored', async () => {
      const store = makeStore();
      await store.set('sid-1', { userId: 7, csrf: 'abc' }, 60_000);
      expect(await store.get('sid-1')).toEqual({ userId: 7, csrf: 'abc' });
    });

    it('answers null for an unknown id', async () => {
      expect(await makeStore().get('missing')).toBeNull();
    });

    it('overwrites on set', async () => {
      const store = makeStore();
      await store.set('sid-2', { userId: 1 }, 60_000);
      await store.set('sid-2', { userId: 2 }, 60_000);
      expect(await store.get('sid-2')).toEqual({ userId: 2 });
    });

    it('forgets a destroyed session', async () => {
      const store = makeStore();
      await store.set('sid-3', { userId: 1 }, 60_000);
      await store.destroy('sid-3');
      expect(await store.get('sid-3')).toBeNull();
    });

    it('expires a session after its time to live', async () => {
      const clock = new ManualClock();
      const store = makeStore(clock.now);
      // 1 ms, the shortest time to live every store keeps, so a wait on a server's clock is short.
      await store.set('sid-4', { userId: 1 }, 1);
      await afterTimePasses(time === 'given-clock' ? clock : null, 1, async () => expect(await store.get('sid-4')).toBeNull());
    });

    // Only a store on a clock the test moves can be looked at a moment before its time is up without a timed assertion.
    if (time === 'given-clock')
      it('keeps a session until its time to live is up, not a moment less', async () => {
        const clock = new ManualClock();
        const store = makeStore(clock.now);
        await store.set('sid-7', { userId: 7 }, 60_000);
        clock.advance(59_999);
        expect(await store.get('sid-7')).toEqual({ userId: 7 });
        clock.advance(1);
        expect(await store.get('sid-7')).toBeNull();
      });

    it('keeps sessions apart', async () => {
      const store = makeStore();
      await store.set('sid-5', { userId: 5 }, 60_000);
      await store.set('sid-6', { userId: 6 }, 60_000);
      expect(await store.get('sid-5')).toEqual({ userId: 5 });
    });

    it('does not bring a destroyed session back when a request in flight writes it late', async () => {
      const store = makeStore();
      await store.set('sid-8', { userId: 8, touchedAt: 1 }, 60_000);
      await store.destroy('sid-8');
      await store.set('sid-8', { userId: 8, touchedAt: 2 }, 60_000);
      expect(await store.get('sid-8')).toBeNull();
      // Destroying one never stored (a fresh session replaced at login) blocks nothing later.
      await store.destroy('sid-9');
      await store.set('sid-9', { userId: 9 }, 60_000);
      expect(await store.get('sid-9')).toEqual({ userId: 9 });
    });

    it("ends every session of one student at once, answering their ids, and no one else's", async () => {
      const store = makeStore();
      const student = UserId(1_000 + Math.floor(Math.random() * 1_000_000));
      await store.set(`phone-${student}`, { userId: student }, 60_000);
      await store.set(`laptop-${student}`, { userId: student, csrf: 'x' }, 60_000);
      await store.set(`laptop-${student}`, { userId: student, csrf: 'y' }, 60_000);
      await store.set(`other-${student}`, { userId: student + 1 }, 60_000);
      await store.set(`visitor-${student}`, { csrf: 'z' }, 60_000);
      expect((await store.destroyAllOf(student)).sort()).toEqual([`laptop-${student}`, `phone-${student}`]);
      expect(await store.get(`phone-${student}`)).toBeNull();
      expect(await store.get(`laptop-${student}`)).toBeNull();
      expect(await store.get(`other-${student}`)).toEqual({ userId: student + 1 });
      expect(await store.get(`visitor-${student}`)).toEqual({ csrf: 'z' });
      // Ended for good: a late write does not revive one; a new sign-in is a new session, and it counts.
      await store.set(`phone-${student}`, { userId: student }, 60_000);
      expect(await store.get(`phone-${student}`)).toBeNull();
      expect(await store.destroyAllOf(student)).toEqual([]);
      await store.set(`tablet-${student}`, { userId: student }, 60_000);
      expect(await store.destroyAllOf(student)).toEqual([`tablet-${student}`]);
    });

    it('does not count a session the student logged out of, or one that expired, among those it ends', async () => {
      const clock = new ManualClock();
      const store = makeStore(clock.now);
      const student = UserId(1_000 + Math.floor(Math.random() * 1_000_000));
      await store.set(`gone-${student}`, { userId: student }, 60_000);
      await store.destroy(`gone-${student}`);
      await store.set(`short-${student}`, { userId: student }, 1);
      await store.set(`kept-${student}`, { userId: student }, 60_000);
      await afterTimePasses(time === 'given-clock' ? clock : null, 1, async () => expect(await store.get(`short-${student}`)).toBeNull());
      expect(await store.destroyAllOf(student)).toEqual([`kept-${student}`]);
    });
  });
}
