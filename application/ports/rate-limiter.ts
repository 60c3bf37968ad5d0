// Counters with atomic consumption, shared by every app server (Redis, or the
// database when there is no Redis) or kept in memory (unit tests). A rule is a
// family of counters: at most `points` per key in a window of `windowMs` that
// opens at the key's first consumption (a fixed window per key).
//
// Every method rejects with the store's own error when the store fails (the
// HTTP edge answers that as an outage); reaching a limit is never an error.

export interface RateRule {
  /** Unique among rules (a rule name used twice must have the same limits); part of every key the store writes. */
  name: string;
  points: number;
  /** Stores count whole seconds: rounded up to a multiple of 1,000. */
  windowMs: number;
}

export interface RateCount {
  /** Points consumed in the key's current window, this call's included. */
  consumed: number;
  /** Points left before the rule refuses (0 once over). */
  remaining: number;
  /** Milliseconds until the window, or the block, ends. */
  retryAfterMs: number;
}

export interface RateDecision extends RateCount {
  /** False when this consumption took the key past the rule's points, or the key is blocked. */
  allowed: boolean;
}

export interface RateLimiter {
  /** Adds points atomically (a refused consumption still counts) and says whether the total stays within the rule. */
  consume(rule: RateRule, key: string, points?: number): Promise<RateDecision>;
  /** Gives points back in the key's current window; never leaves the count below zero. */
  reward(rule: RateRule, key: string, points?: number): Promise<void>;
  /** Refuses every consumption of the key for ms (rounded up to whole seconds), whatever was consumed. */
  block(rule: RateRule, key: string, ms: number): Promise<void>;
  /** Forgets the key (its next consumption opens a new window). */
  reset(rule: RateRule, key: string): Promise<void>;
  /** The key's count without changing it; null when no window is open. */
  get(rule: RateRule, key: string): Promise<RateCount | null>;
}
