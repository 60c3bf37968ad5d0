// Fixed-window counters shared by every app server (Redis) or kept in the
// embedded database; used for login failures and, later, chat posting.
export interface WindowCount {
  count: number;
  /** Milliseconds until the window closes; 0 when no window is open. */
  resetInMs: number;
}

export interface RateLimiter {
  /** Adds one to the key's counter, opening a window of windowMs if none is open. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Reads the counter without changing it. */
  peek(key: string): Promise<WindowCount>;
  reset(key: string): Promise<void>;
}
