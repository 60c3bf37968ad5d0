// The device cookie (adapters/http/device-cookie.ts): one per account, whose
// signature binds the account and the nonce under a key of this server's
// secret, so it stands for that account only, and nothing else passes.
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE_PREFIX, DEVICE_COOKIES_READ, DeviceCookies } from '../../adapters/http/device-cookie';
import { cookieAttributes } from '../../adapters/http/session';
import { canonicalName } from '../../domain/user/canonical-name';

const SECRET = 'device-cookie-test-secret-0123456789abcdef';
const devices = new DeviceCookies(SECRET, cookieAttributes(false));
const albert = canonicalName('Albert');
const libby = canonicalName('libby');
const NONCE = 'AAAAAAAAAAAAAAAAAAAAAA';

/** Just enough of a Koa context for presented(): the Cookie header. */
const withCookies = (cookies: { name: string; value: string }[]) => ({ get: () => cookies.map(({ name, value }) => `${name}=${value}`).join('; ') }) as never;

describe('device cookies', () => {
  it('names the cookie by its account, so each account on a browser has its own', () => {
    const forAlbert = devices.cookieFor(albert, NONCE);
    const forLibby = devices.cookieFor(libby, NONCE);
    expect(forAlbert.name.startsWith(DEVICE_COOKIE_PREFIX)).toBe(true);
    expect(forAlbert.name).not.toBe(forLibby.name);
    expect(devices.cookieFor(albert, NONCE)).toEqual(forAlbert);
    expect(forAlbert.value).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  });

  it('reads back the account and nonce it signed', () => {
    const { name, value } = devices.cookieFor(albert, NONCE);
    expect(devices.read(name, value)).toEqual({ account: 'albert', nonce: NONCE });
  });

  it("refuses a changed signature, nonce or account, another server's cookie, and anything malformed", () => {
    const { name, value } = devices.cookieFor(albert, NONCE);
    const [nonce, signature] = value.split('.');
    const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
    expect(devices.read(name, `${nonce}.${flip(signature)}`)).toBeNull();
    expect(devices.read(name, `${flip(nonce)}.${signature}`)).toBeNull();
    // Albert's value under Libby's name: a signature of another account.
    expect(devices.read(devices.cookieFor(libby, NONCE).name, value)).toBeNull();
    expect(new DeviceCookies(`${SECRET}-other`, cookieAttributes(false)).read(name, value)).toBeNull();
    for (const odd of ['', '.', nonce, `${value}.x`, `${nonce}.${signature.slice(1)}`, `${nonce}!.${signature}`]) expect(devices.read(name, odd), odd).toBeNull();
    expect(devices.read('ss.sid', value)).toBeNull();
  });

  it('finds every valid device cookie among the others, and reads a bounded number of them', () => {
    const good = [devices.cookieFor(albert, NONCE), devices.cookieFor(libby, 'BBBBBBBBBBBBBBBBBBBBBB')];
    const forged = { name: devices.cookieFor(canonicalName('mallory'), NONCE).name, value: `${NONCE}.${'x'.repeat(43)}` };
    const found = devices.presented(withCookies([{ name: 'ss.sid', value: 'abc' }, good[0], forged, { name: 'ss.csrf', value: 'x' }, good[1]]));
    expect(found).toEqual([
      { account: 'albert', nonce: NONCE },
      { account: 'libby', nonce: 'BBBBBBBBBBBBBBBBBBBBBB' },
    ]);

    const many = Array.from({ length: DEVICE_COOKIES_READ }, (_, i) => ({ name: `${DEVICE_COOKIE_PREFIX}x${i}`, value: 'junk' }));
    expect(devices.presented(withCookies([...many, good[0]]))).toEqual([]);
    expect(devices.presented(withCookies([...many.slice(1), good[0]]))).toHaveLength(1);
  });
});
