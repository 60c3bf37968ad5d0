// A sleep that other code can cut short: a poll loop waits on it (for its next
// turn, or until something changes) and is woken when it should act now.
export interface Waker {
  /** Resolves after `ms`, or when woken; without `ms`, only when woken. */
  sleep(ms?: number): Promise<void>;
  wake(): void;
}

export function createWaker(): Waker {
  let wakeSleeper: (() => void) | null = null;
  return {
    sleep(ms) {
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          if (wakeSleeper === done) wakeSleeper = null;
          resolve();
        };
        const timer = ms === undefined ? undefined : setTimeout(done, ms);
        wakeSleeper?.();
        wakeSleeper = done;
      });
    },
    wake() {
      wakeSleeper?.();
    },
  };
}
