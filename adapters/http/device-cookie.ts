// Device cookies, OWASP's "Slow Down Online Guessing Attacks with Device
// Cookies": a successful login (and a sign-up) gives the browser a cookie for
// that account, and an attempt that brings one for the account it names is
// counted on that cookie alone (application/auth/login-guard.ts), so a
// stranger who got a shared address blocked does not lock out the students
// behind it whose browsers signed in before.
//
// One cookie per account, so two students on one browser both keep theirs:
// the name carries the account (its canonical username, base64url), the value
// a random nonce and an HMAC-SHA256 of both, under a key derived from the
// session secret. Nothing is stored on the server but the failures counted per
// nonce. A login with a valid cookie gets a new one (a new nonce). The
// attributes are the session cookie's (HttpOnly, SameSite=Lax, Secure as
// configured), for 180 days, sent to the API only. Only the cookie of the
// account being tried is read (one HMAC), however many a browser holds.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import type { BrowserDevices, TrustedDevice } from '@application/auth/login-guard';
import type { CanonicalName } from '@domain/user/canonical-name';
import type { CookieAttributes } from './session';

export const DEVICE_COOKIE_PREFIX = 'ss.device.';
const DEVICE_COOKIE_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;
/** The cookie goes with API calls only, not with every page and asset. */
const DEVICE_COOKIE_PATH = '/api/';

const NONCE = /^[A-Za-z0-9_-]{22}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

export class DeviceCookies {
  private readonly key: Buffer;

  constructor(
    sessionSecret: string,
    private readonly attributes: CookieAttributes,
  ) {
    // A key of its own: no device cookie's signature is another cookie's.
    this.key = createHmac('sha256', sessionSecret).update('study-swamp device cookies').digest();
  }

  /** The request's device cookies, for the guard to ask for the one of the account being logged into. */
  presented(ctx: Context): BrowserDevices {
    return {
      trustedFor: (account) => {
        const name = this.nameFor(account);
        const value = ctx.cookies.get(name, { signed: false });
        return value === undefined ? null : this.read(name, value);
      },
    };
  }

  /** Gives the browser a new device cookie for the account (a fresh nonce), in place of the one it had for it. */
  issue(ctx: Context, account: CanonicalName): void {
    const { name, value } = this.cookieFor(account, randomBytes(16).toString('base64url'));
    ctx.cookies.set(name, value, { ...this.attributes, signed: false, maxAge: DEVICE_COOKIE_MAX_AGE_MS, path: DEVICE_COOKIE_PATH });
  }

  /** The cookie for the account with this nonce: `ss.device.<account>` = `<nonce>.<signature>`. */
  cookieFor(account: CanonicalName, nonce: string): { name: string; value: string } {
    return { name: this.nameFor(account), value: `${nonce}.${this.signature(account, nonce)}` };
  }

  private nameFor(account: CanonicalName): string {
    return DEVICE_COOKIE_PREFIX + Buffer.from(account).toString('base64url');
  }

  /** The device a cookie stands for; null when it is not a device cookie this server signed. */
  read(name: string, value: string): TrustedDevice | null {
    if (!name.startsWith(DEVICE_COOKIE_PREFIX)) return null;
    const [nonce, signature, extra] = value.split('.');
    if (extra !== undefined || !NONCE.test(nonce) || !SIGNATURE.test(signature ?? '')) return null;
    const account = Buffer.from(name.slice(DEVICE_COOKIE_PREFIX.length), 'base64url').toString('utf8') as CanonicalName;
    const expected = Buffer.from(this.signature(account, nonce));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? { account, nonce } : null;
  }

  private signature(account: string, nonce: string): string {
    return createHmac('sha256', this.key)
      .update(JSON.stringify([account, nonce]))
      .digest('base64url');
  }
}
