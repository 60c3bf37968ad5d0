/**
 * The current time in epoch milliseconds. Adapters default to `() => Date.now()`,
 * looked up at each call so that a faked Date (Vitest's fake timers) reaches them;
 * tests may instead pass a clock they move by hand.
 */
export type Clock = () => number;
