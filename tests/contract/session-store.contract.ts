// One behaviour for every SessionStore adapter.
import { describe, expect, it } from 'vitest';
import type { SessionStore } from '../../application/ports/session-store';

export function sessionStoreContract(makeStore: () => SessionStore) {
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
      const store = makeStore();
      await store.set('sid-4', { userId: 1 }, 50);
      await new Promise((r) => setTimeout(r, 120));
      expect(await store.get('sid-4')).toBeNull();
    });

    it('keeps sessions apart', async () => {
      const store = makeStore();
      await store.set('sid-5', { userId: 5 }, 60_000);
      await store.set('sid-6', { userId: 6 }, 60_000);
      expect(await store.get('sid-5')).toEqual({ userId: 5 });
    });
  });
}
