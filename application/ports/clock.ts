/** The current time in epoch milliseconds: Date.now in the app; tests pass a clock they move by hand. */
export type Clock = () => number;
