import { UserId } from '@domain/ids';
// Server-side session data keyed by the opaque id in the session cookie. A
// session whose data holds a numeric `userId` belongs to that student; stores
// keep an index of each student's sessions so they can all be ended at once.
export type SessionData = Record<string, unknown>;

export interface SessionReadOptions {
  /** An answer up to a second or two old will do (a read-only request): a cache may answer. */
  recent?: boolean;
}

export interface SessionStore {
  get(sid: string, options?: SessionReadOptions): Promise<SessionData | null>;
  /** Stores the session; a session destroyed before (logout, revocation) stays destroyed: a late write from a request in flight cannot bring it back. */
  set(sid: string, data: SessionData, ttlMs: number): Promise<void>;
  destroy(sid: string): Promise<void>;
  /** Ends every session of the student (a password reset or change, a deleted account); answers their ids. */
  destroyAllOf(userId: UserId): Promise<string[]>;
}

/** The student a session belongs to, as stores index it. */
export function sessionOwner(data: SessionData): UserId | null {
  return typeof data.userId === 'number' && Number.isSafeInteger(data.userId) ? UserId(data.userId) : null;
}
