// One-click unsubscribe tokens: "<student id>.<HMAC-SHA256 of it>" under a key
// derived from the session secret with a purpose label of its own, so the
// token proves nothing anywhere else (a cookie signature proves nothing here).
// It never expires: a mail read months later must still unsubscribe (RFC 8058);
// changing SESSION_SECRET turns old tokens off, which only costs a click on
// the preferences link.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { UnsubscribeLinks } from '@application/ports/unsubscribe-links';
import { UserId } from '@domain/ids';

const TOKEN = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

export class HmacUnsubscribeLinks implements UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(sessionSecret: string) {
    this.key = createHmac('sha256', sessionSecret).update('study-swamp one-click unsubscribe').digest();
  }

  private mac(userId: number): Buffer {
    return createHmac('sha256', this.key).update(`unsubscribe:${userId}`).digest();
  }

  tokenFor(userId: UserId): string {
    return `${userId}.${this.mac(userId).toString('base64url')}`;
  }

  studentOf(token: string): UserId | null {
    const match = TOKEN.exec(token);
    if (!match) return null;
    const id = Number(match[1]);
    if (id > 2_147_483_647) return null;
    const given = Buffer.from(match[2], 'base64url');
    const expected = this.mac(id);
    return given.length === expected.length && timingSafeEqual(given, expected) ? UserId(id) : null;
  }
}
