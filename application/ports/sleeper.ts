/** Waits ms milliseconds (a timer in the app; tests record the request instead of waiting). */
export type Sleeper = (ms: number) => Promise<void>;
