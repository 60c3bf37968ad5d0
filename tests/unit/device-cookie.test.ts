// The device cookie (adapters/http/device-cookie.ts): one per account, whose
// signature binds the account and the nonce under a key of this server's
// secret, so it stands for that account only, and nothing else passes.
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE_PREFIX, DeviceCookies } from '@adapters/http/device-cookie';
import { cookieAttributes } from '@adapters/http/session';
import { canonicalName } from '@domain/user/canonical-name';

const SECRET = 'device-cookie-test-secret-0123456789abcdef';
const devices = new DeviceCookies(SECRET, cookieAttributes(false));
const albert = canonicalName('Albert');
const libby = canonicalName('libby');
const NONCE = 'AAAAAAAAAAAAAAAAAAAAAA';

/** Just enough of a Koa context for presented(): the request's cookies. */
const withCookies = (cookies: { name: string; value: string }[]) =>
  ({ cookies: { get: (name: string) => cookies.find((c) => c.name === name)?.value } }) as never;

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
    for (const odd of ['', '.', nonce, `${value}.x`, `${nonce}.${signature.slice(1)}`, `${nonce}!.${signature}`])
      expect(devices.read(name, odd), odd).toBeNull();
    expect(devices.read('ss.sid', value)).toBeNull();
  });

  it('answers the valid cookie of the account asked for, among however many the browser holds', () => {
    const others = Array.from({ length: 40 }, (_, i) => devices.cookieFor(canonicalName(`student${i}`), NONCE));
    const libbys = devices.cookieFor(libby, 'BBBBBBBBBBBBBBBBBBBBBB');
    const forged = { name: devices.cookieFor(canonicalName('mallory'), NONCE).name, value: `${NONCE}.${'x'.repeat(43)}` };
    const browser = devices.presented(withCookies([...others, { name: 'ss.sid', value: 'abc' }, forged, libbys]));
    expect(browser.trustedFor(libby)).toEqual({ account: 'libby', nonce: 'BBBBBBBBBBBBBBBBBBBBBB' });
    expect(browser.trustedFor(canonicalName('student39'))).toEqual({ account: 'student39', nonce: NONCE });
    expect(browser.trustedFor(canonicalName('mallory'))).toBeNull();
    expect(browser.trustedFor(albert)).toBeNull();
  });
});
