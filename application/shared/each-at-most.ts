// Work side by side, a few at a time (a notification batch's students, a job
// queue's fetched jobs): one after another, a 500-student course's batch
// waits on 500 pushes' round trips in a row; all at once, it would take every
// database connection the app server has. (application/ imports no library:
// this small pool is the one it needs.)

/** Runs `task` for every item, at most `limit` at a time; rejects with the first failure once it happens. */
export async function eachAtMost<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** How many students of one batch are told at once. */
export const STUDENTS_AT_ONCE = 8;
