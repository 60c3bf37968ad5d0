import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { csrfProtection, issueCsrfToken, rotateCsrfToken } from '../../adapters/http/csrf';
import { HttpError } from '../../adapters/http/http-error';

function fakeContext(method: string, session: Record<string, unknown> | null, header?: string): Context {
  return { method, session, get: (name: string) => (name === 'X-CSRFToken' ? (header ?? '') : '') } as unknown as Context;
}

async function run(ctx: Context): Promise<'passed' | HttpError> {
  let passed = false;
  try {
    await csrfProtection()(ctx, async () => {
      passed = true;
    });
  } catch (error) {
    return error as HttpError;
  }
  return passed ? 'passed' : new HttpError(0, 'NEXT_NOT_CALLED', '');
}

describe('CSRF protection', () => {
  it('issues one token per session and keeps it', () => {
    const ctx = fakeContext('GET', {});
    const token = issueCsrfToken(ctx);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issueCsrfToken(ctx)).toBe(token);
  });

  it('rotation gives a different token', () => {
    const ctx = fakeContext('GET', {});
    const token = issueCsrfToken(ctx);
    rotateCsrfToken(ctx);
    expect(issueCsrfToken(ctx)).not.toBe(token);
  });

  it('lets safe methods through without a token', async () => {
    expect(await run(fakeContext('GET', {}))).toBe('passed');
  });

  it('accepts a POST with the session token', async () => {
    const session = { csrf: 'a'.repeat(43) };
    expect(await run(fakeContext('POST', session, 'a'.repeat(43)))).toBe('passed');
  });

  it.each([
    ['no header', { csrf: 'a'.repeat(43) }, undefined],
    ['a wrong token', { csrf: 'a'.repeat(43) }, 'b'.repeat(43)],
    ['a token of another length', { csrf: 'a'.repeat(43) }, 'a'],
    ['a session without a token', {}, 'a'.repeat(43)],
    ['no session', null, 'a'.repeat(43)],
  ])('refuses a POST with %s (403 CSRF_FAILED)', async (_case, session, header) => {
    const result = await run(fakeContext('POST', session, header));
    expect(result).toBeInstanceOf(HttpError);
    expect(result).toMatchObject({ status: 403, code: 'CSRF_FAILED' });
  });
});
