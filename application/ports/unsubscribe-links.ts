// The signed, per-student token of a notification mail's one-click
// unsubscribe address (RFC 8058): made when a mail is written, checked when
// the mail client POSTs to it. No session stands behind that POST; the
// signature is the authority, so a token names one student and cannot be forged.
import type { UserId } from '@domain/ids';

export interface UnsubscribeLinks {
  tokenFor(userId: UserId): string;
  /** The student a token was made for, or null for anything else (forged, mangled, another secret's). */
  studentOf(token: string): UserId | null;
}
