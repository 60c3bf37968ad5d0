// How long to wait before asking again after `failures` failed requests in a
// row: 1, 2, 4 … 30 s, each spread by a random quarter either way (and never
// past 30 s), so clients that failed together do not come back together.
const RETRY_MAX_MS = 30_000;

export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const nominal = Math.min(RETRY_MAX_MS, 1_000 * 2 ** Math.max(0, failures - 1));
  return Math.min(RETRY_MAX_MS, Math.round(nominal * (0.75 + 0.5 * random())));
}
