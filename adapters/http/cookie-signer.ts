// Signs and checks the app's cookies (the session id, a visitor's CSRF token)
// in place of keygrip: the same HMAC-SHA1 in base64url, so cookies signed
// before stay valid, but checked with one HMAC and a constant-time compare,
// where keygrip's compare (tsscmp) hashes both sides again; on a chat poll
// that was about a sixth of the server's CPU. One key: the app has one secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The part of keygrip's interface the cookies library calls. */
export class CookieSigner {
  constructor(private readonly key: string) {}

  sign(data: string): string {
    return createHmac('sha1', this.key).update(data).digest('base64url');
  }

  /** 0 when the digest is this key's signature of the data, -1 otherwise (keygrip's answer). */
  index(data: string, digest: string): number {
    const expected = Buffer.from(this.sign(data));
    const given = Buffer.from(digest);
    return given.length === expected.length && timingSafeEqual(given, expected) ? 0 : -1;
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) === 0;
  }
}
