// Server-side session data keyed by the opaque id in the session cookie.
export type SessionData = Record<string, unknown>;

export interface SessionReadOptions {
  /** An answer up to a second or two old will do (a read-only request): a cache may answer. */
  recent?: boolean;
}

export interface SessionStore {
  get(sid: string, options?: SessionReadOptions): Promise<SessionData | null>;
  set(sid: string, data: SessionData, ttlMs: number): Promise<void>;
  destroy(sid: string): Promise<void>;
}
