import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS_CSRF_COOKIE, csrfProtection, issueCsrfToken, rotateCsrfToken } from '@adapters/http/csrf';
import { HttpError } from '@adapters/http/http-error';
import { cookieAttributes } from '@adapters/http/session';

interface FakeCookie {
  value: string | null;
  options: Record<string, unknown>;
}

/** A request as the middleware sees it; `signed` cookies are those whose signature Koa verified. */
function fakeContext(method: string, session: Record<string, unknown> | null, header?: string, signed: Record<string, string> = {}) {
  const set = new Map<string, FakeCookie>();
  const ctx = {
    method,
    session,
    get: (name: string) => (name === 'X-CSRFToken' ? (header ?? '') : ''),
    cookies: {
      get: (name: string, options?: { signed?: boolean }) => (options?.signed === false ? undefined : signed[name]),
      set: (name: string, value: string | null, options: Record<string, unknown>) => void set.set(name, { value, options }),
    },
  } as unknown as Context;
  return { ctx, set };
}

async function run(ctx: Context): Promise<'passed' | 'next not called' | HttpError> {
  let passed = false;
  try {
    await csrfProtection()(ctx, async () => {
      passed = true;
    });
  } catch (error) {
    return error as HttpError;
  }
  return passed ? 'passed' : 'next not called';
}

/** The attributes the app wires in outside production (COOKIE_SECURE false). */
const COOKIE = cookieAttributes(false);
const A = 'a'.repeat(43);
const B = 'b'.repeat(43);

describe('CSRF protection', () => {
  it("keeps a signed-in student's token in the session", async () => {
    const session = { userId: 7 };
    const { ctx, set } = fakeContext('GET', session);
    const token = await issueCsrfToken(ctx, COOKIE);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await issueCsrfToken(ctx, COOKIE)).toBe(token);
    expect(session).toEqual({ userId: 7, csrf: token });
    expect(set.size).toBe(0);
  });

  it('gives a visitor a token in a signed, httpOnly, SameSite=Lax cookie and writes nothing to the session', async () => {
    const session = {};
    const { ctx, set } = fakeContext('GET', session);
    let minted = 0;
    const token = await issueCsrfToken(ctx, COOKIE, async () => void (minted += 1));
    expect(minted).toBe(1);
    expect(session).toEqual({});
    expect(set.get(ANONYMOUS_CSRF_COOKIE)).toEqual({
      value: token,
      options: { httpOnly: true, sameSite: 'lax', secure: false, signed: true },
    });
  });

  it("hands a visitor back their cookie's token without minting (or throttling)", async () => {
    const { ctx, set } = fakeContext('GET', {}, undefined, { [ANONYMOUS_CSRF_COOKIE]: A });
    expect(await issueCsrfToken(ctx, COOKIE, async () => expect.fail('minted'))).toBe(A);
    expect(set.size).toBe(0);
  });

  it('mints no token when the throttle refuses', async () => {
    const { ctx, set } = fakeContext('GET', {});
    await expect(issueCsrfToken(ctx, COOKIE, async () => Promise.reject(new Error('throttled')))).rejects.toThrow('throttled');
    expect(set.size).toBe(0);
  });

  it("rotation gives the session a new token and drops the visitor's cookie", () => {
    const session: Record<string, unknown> = { userId: 7 };
    const { ctx, set } = fakeContext('POST', session, undefined, { [ANONYMOUS_CSRF_COOKIE]: A });
    rotateCsrfToken(ctx, COOKIE);
    expect(session.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.csrf).not.toBe(A);
    expect(set.get(ANONYMOUS_CSRF_COOKIE)?.value).toBeNull();
  });

  it('lets safe methods through without a token', async () => {
    expect(await run(fakeContext('GET', {}).ctx)).toBe('passed');
  });

  it("accepts a signed-in student's POST with the session token", async () => {
    expect(await run(fakeContext('POST', { userId: 7, csrf: A }, A).ctx)).toBe('passed');
  });

  it("accepts a visitor's POST with the token of their signed cookie", async () => {
    expect(await run(fakeContext('POST', {}, A, { [ANONYMOUS_CSRF_COOKIE]: A }).ctx)).toBe('passed');
  });

  it.each([
    ['no header', { userId: 7, csrf: A }, undefined, {}],
    ['a wrong token', { userId: 7, csrf: A }, B, {}],
    ['a token of another length', { userId: 7, csrf: A }, 'a', {}],
    ['a signed-in session without a token', { userId: 7 }, A, {}],
    ["a signed-in student sending the visitor cookie's token", { userId: 7, csrf: B }, A, { [ANONYMOUS_CSRF_COOKIE]: A }],
    ['a visitor without the cookie', {}, A, {}],
    ['a visitor sending another token than their cookie', {}, B, { [ANONYMOUS_CSRF_COOKIE]: A }],
    ['a visitor whose cookie holds no token', {}, 'x', { [ANONYMOUS_CSRF_COOKIE]: 'x' }],
    ['an anonymous token stored in a session', { csrf: A }, A, {}],
    ['no session', null, A, {}],
  ])('refuses a POST with %s (403 CSRF_FAILED)', async (_case, session, header, signed) => {
    const result = await run(fakeContext('POST', session, header, signed).ctx);
    expect(result).toBeInstanceOf(HttpError);
    expect(result).toMatchObject({ status: 403, code: 'CSRF_FAILED' });
  });
});
