// Time for tests of expiry: a clock the test moves, so nothing sleeps; or, where
// time lives in a store server (Redis TTLs), a wait for the outcome.
import { onTestFinished, vi } from 'vitest';
import type { Clock } from '@application/ports/clock';

export interface TestClock {
  /** Moves time forward by ms, firing whatever falls due. */
  advance(ms: number): void;
}

/** A clock that stands still until the test moves it; pass `now` to an adapter that takes a Clock. */
export class ManualClock implements TestClock {
  private time: number;

  constructor(start = Date.now()) {
    this.time = start;
  }

  readonly now: Clock = () => this.time;

  advance(ms: number): void {
    this.time += ms;
  }
}

/**
 * The process clock, stood still by Vitest's fake timers until the current test
 * ends: for adapters on a library that reads Date.now and sets its own timers
 * (rate-limiter-flexible), where no clock can be passed in. Fake only what the
 * adapter needs, so database drivers keep their real timers.
 */
export function fakeProcessClock(toFake: ('Date' | 'setTimeout' | 'clearTimeout')[]): TestClock {
  vi.useFakeTimers({ toFake });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return { advance: (ms) => vi.advanceTimersByTime(ms) };
}

/** How long a wait for a store server's own expiry may take beyond the time itself (the machine may be loaded). */
const SERVER_EXPIRY_SLACK_MS = 10_000;

/**
 * Lets ms pass, then runs `check`. On a test clock that is one step and one check.
 * With no clock, the time lives in the store server (a Redis TTL or idle time),
 * which no test can move: `check` is retried until it passes, a wait for the
 * outcome rather than a fixed sleep, bounded but asserting nothing about how long.
 */
export async function afterTimePasses<T>(clock: TestClock | null, ms: number, check: () => Promise<T>): Promise<T> {
  if (clock) {
    clock.advance(ms);
    return check();
  }
  return vi.waitFor(check, { timeout: ms + SERVER_EXPIRY_SLACK_MS, interval: 50 });
}
