// The session cookie rolls forward with activity, but an idle chat poll does
// not write the session: it is renewed at most once per touch interval.
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionStore } from '@application/ports/session-store';
import { InMemorySessionStore } from '@tests/fakes/in-memory-session-store';
import { readSession, SESSION_MAX_AGE_MS, SESSION_TOUCH_INTERVAL_MS, sessionMiddleware } from '@adapters/http/session';

describe('session touch', () => {
  const store = new InMemorySessionStore();
  const writes: string[] = [];
  let server: ReturnType<Koa['listen']>;
  let base: string;

  beforeAll(async () => {
    const recording: SessionStore = {
      get: (sid) => store.get(sid),
      destroy: (sid) => store.destroy(sid),
      destroyAllOf: (userId) => store.destroyAllOf(userId),
      set: async (sid, data, ttl) => {
        writes.push(sid);
        await store.set(sid, data, ttl);
      },
    };
    const app = new Koa({ keys: ['a-test-key-a-test-key-a-test-key-0123'] });
    app.use(sessionMiddleware(app, recording, false));
    app.use((ctx) => {
      if (ctx.path === '/sign-in') ctx.session!.userId = 7;
      ctx.body = { userId: ctx.session?.userId ?? null };
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterAll(() => {
    vi.useRealTimers();
    server.close();
  });

  const expiryOf = (cookie: string) => new Date(/expires=([^;]+)/i.exec(cookie)![1]).getTime();

  it('writes on sign-in, not on the requests soon after, and rolls the expiry once the interval has passed', async () => {
    const start = new Date('2026-11-23T14:00:00Z').getTime();
    vi.setSystemTime(start);
    const signIn = await fetch(`${base}/sign-in`);
    const cookies = signIn.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    expect(expiryOf(cookies[0])).toBe(Math.floor((start + SESSION_MAX_AGE_MS) / 1000) * 1000);
    expect(writes).toHaveLength(1);
    const cookieHeader = cookies.map((c) => c.split(';')[0]).join('; ');
    const poll = () => fetch(`${base}/poll`, { headers: { Cookie: cookieHeader } });

    for (const seconds of [1, 20, 59]) {
      vi.setSystemTime(start + seconds * 1000);
      const res = await poll();
      expect(await res.json()).toEqual({ userId: 7 });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(writes).toHaveLength(1);

    const later = start + SESSION_TOUCH_INTERVAL_MS + 5_000;
    vi.setSystemTime(later);
    const touched = await poll();
    const renewed = touched.headers.getSetCookie();
    expect(renewed.length).toBeGreaterThan(0);
    expect(expiryOf(renewed[0])).toBe(Math.floor((later + SESSION_MAX_AGE_MS) / 1000) * 1000);
    expect(writes).toHaveLength(2);
    expect(await (await poll()).json()).toEqual({ userId: 7 });
    expect(writes).toHaveLength(2);
  });

  it('reads a stored session as koa-session does: its student, its expiry (koa-session counts it from the save that stamps TOUCHED_AT), its renewal', async () => {
    const start = new Date('2026-12-01T09:00:00Z').getTime();
    vi.setSystemTime(start);
    await fetch(`${base}/sign-in`);
    const stored = (await store.get(writes.at(-1)!))!;
    const koaSessionExpiry = stored._expire as number;
    expect(koaSessionExpiry).toBe(start + SESSION_MAX_AGE_MS);
    expect(readSession(stored, start + SESSION_TOUCH_INTERVAL_MS - 1)).toEqual({ userId: 7, expired: false, dueForRenewal: false });
    expect(readSession(stored, start + SESSION_TOUCH_INTERVAL_MS)).toEqual({ userId: 7, expired: false, dueForRenewal: true });
    expect(readSession(stored, koaSessionExpiry)).toMatchObject({ expired: false });
    expect(readSession(stored, koaSessionExpiry + 1)).toMatchObject({ expired: true });
    expect(readSession({}, start)).toEqual({ userId: null, expired: false, dueForRenewal: true });
  });
});
