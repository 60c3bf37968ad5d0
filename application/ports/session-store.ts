// Server-side session data keyed by the opaque id in the session cookie.
export type SessionData = Record<string, unknown>;

export interface SessionStore {
  get(sid: string): Promise<SessionData | null>;
  set(sid: string, data: SessionData, ttlMs: number): Promise<void>;
  destroy(sid: string): Promise<void>;
}
