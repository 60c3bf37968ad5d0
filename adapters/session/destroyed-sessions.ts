// A destroyed session (logout, a password change, a deleted account) is kept
// as a marker for a while instead of vanishing, so that a request of that
// session still in flight, which ends by saving it (koa-session writes a
// renewed or changed session at the end of the request), cannot bring it back
// to life. No request outlives this: the server's request timeout and the
// longest chat wait are 30 s.
export const DESTROYED_SESSION_KEPT_MS = 10 * 60 * 1000;
