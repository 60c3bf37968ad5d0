// The session cache in front of the store: read-only requests may be answered
// from it for a moment; every change forgets it here and is announced to the
// other servers; nothing is answered from it while announcements may be lost.
import Keygrip from 'keygrip';
import { describe, expect, it } from 'vitest';
import { UserId } from '@domain/ids';
import { CachedSessionStore } from '@adapters/session/cached-session-store';
import { CookieSigner } from '@adapters/http/cookie-signer';
import { InMemorySessionStore } from '@tests/fakes/in-memory-session-store';
import { ManualClock } from '@tests/support/test-clock';

const DAY = 86_400_000;
const RECENT = { recent: true };

/** The store as another server changes it, behind this server's cache. */
function cacheOver() {
  const clock = new ManualClock();
  const store = new InMemorySessionStore(clock.now);
  const announced: string[] = [];
  const cache = new CachedSessionStore(store, { ttlMs: 2_000, now: clock.now, announce: async (sid) => void announced.push(sid) });
  return { clock, store, cache, announced };
}

describe('CachedSessionStore', () => {
  it('answers a recent read from memory for two seconds, and a read that must be fresh from the store', async () => {
    const { clock, store, cache } = cacheOver();
    await store.set('s1', { userId: 7 }, DAY);
    expect(await cache.get('s1', RECENT)).toEqual({ userId: 7 });
    await store.set('s1', { userId: 7, csrf: 'new' }, DAY);
    expect(await cache.get('s1', RECENT)).toEqual({ userId: 7 });
    expect(await cache.get('s1')).toEqual({ userId: 7, csrf: 'new' });
    await store.set('s1', { userId: 7, csrf: 'newer' }, DAY);
    clock.advance(2_001);
    expect(await cache.get('s1', RECENT)).toEqual({ userId: 7, csrf: 'newer' });
  });

  it('forgets a session it changes or destroys, and announces it to the other servers', async () => {
    const { store, cache, announced } = cacheOver();
    await cache.set('s1', { userId: 7 }, DAY);
    expect(await cache.get('s1', RECENT)).toEqual({ userId: 7 });
    await cache.destroy('s1');
    expect(await cache.get('s1', RECENT)).toBeNull();
    expect(announced).toEqual(['s1', 's1']);
    // A late write of the destroyed session (a request in flight) does not bring it back.
    await cache.set('s1', { userId: 7 }, DAY);
    expect(await cache.get('s1', RECENT)).toBeNull();
    await store.set('s2', { userId: 8 }, DAY);
    expect(await cache.get('s2', RECENT)).toEqual({ userId: 8 });
  });

  it('ends every session of a student here and on the other servers, and only theirs', async () => {
    const { store, cache, announced } = cacheOver();
    await store.set('a1', { userId: 7 }, DAY);
    await store.set('a2', { userId: 7 }, DAY);
    await store.set('b1', { userId: 8 }, DAY);
    for (const sid of ['a1', 'a2', 'b1']) await cache.get(sid, RECENT);
    expect((await cache.destroyAllOf(UserId(7))).sort()).toEqual(['a1', 'a2']);
    expect(announced.sort()).toEqual(['a1', 'a2']);
    expect(await cache.get('a1', RECENT)).toBeNull();
    expect(cache.peek('a2')).toBeNull();
    expect(await cache.get('b1', RECENT)).toEqual({ userId: 8 });
  });

  it('forgets a session another server announced, and keeps no answer of a read the announcement overtook', async () => {
    const { store, cache } = cacheOver();
    await store.set('s1', { userId: 7 }, DAY);
    await cache.get('s1', RECENT);
    await store.destroy('s1');
    cache.forget('s1'); // the other server's announcement
    expect(await cache.get('s1', RECENT)).toBeNull();

    await store.set('s2', { userId: 9 }, DAY);
    const reading = cache.get('s2', RECENT);
    cache.forget('s2'); // arrives while the read is in flight
    await store.destroy('s2');
    expect(await reading).toEqual({ userId: 9 });
    expect(await cache.get('s2', RECENT)).toBeNull();
  });

  it('answers nothing from memory while announcements may be lost', async () => {
    const { store, cache } = cacheOver();
    await store.set('s1', { userId: 7 }, DAY);
    await cache.get('s1', RECENT);
    cache.suspend();
    await store.destroy('s1');
    expect(await cache.get('s1', RECENT)).toBeNull();
    await store.set('s1', { userId: 7 }, DAY);
    await cache.get('s1', RECENT);
    await store.destroy('s1');
    expect(await cache.get('s1', RECENT)).toBeNull();
    cache.resume();
    await store.set('s2', { userId: 3 }, DAY);
    expect(await cache.get('s2', RECENT)).toEqual({ userId: 3 });
  });

  it('hands out copies, so a caller cannot change what it keeps', async () => {
    const { store, cache } = cacheOver();
    await store.set('s1', { userId: 7 }, DAY);
    const first = (await cache.get('s1', RECENT))!;
    first.userId = 8;
    expect(await cache.get('s1', RECENT)).toEqual({ userId: 7 });
  });
});

describe('CookieSigner', () => {
  it('signs as keygrip does, so cookies signed before stay valid, and refuses other signatures', () => {
    const signer = new CookieSigner('secret-secret-secret-secret-secret');
    const keygrip = new Keygrip(['secret-secret-secret-secret-secret']);
    const data = 'ss.sid=abc123';
    expect(signer.sign(data)).toBe(keygrip.sign(data));
    expect(signer.index(data, keygrip.sign(data))).toBe(0);
    expect(signer.verify(data, keygrip.sign(data))).toBe(true);
    expect(signer.index(data, keygrip.sign('ss.sid=abc124'))).toBe(-1);
    expect(signer.index(data, '')).toBe(-1);
    expect(signer.index(data, `${keygrip.sign(data)}x`)).toBe(-1);
  });
});

describe('CachedSessionStore under a burst', () => {
  it('reads the store once for many recent reads of one session at the same time', async () => {
    const clock = new ManualClock();
    const store = new InMemorySessionStore(clock.now);
    let reads = 0;
    const counting = {
      get: (sid: string) => ((reads += 1), store.get(sid)),
      set: store.set.bind(store),
      destroy: store.destroy.bind(store),
      destroyAllOf: store.destroyAllOf.bind(store),
    };
    const cache = new CachedSessionStore(counting, { now: clock.now });
    await store.set('s1', { userId: 7 }, DAY);
    const answers = await Promise.all(Array.from({ length: 100 }, () => cache.get('s1', RECENT)));
    expect(answers.every((a) => a?.userId === 7)).toBe(true);
    expect(new Set(answers).size).toBe(100);
    expect(reads).toBe(1);
    // A read that must be fresh never joins.
    await Promise.all([cache.get('s1'), cache.get('s1')]);
    expect(reads).toBe(3);
  });
});
