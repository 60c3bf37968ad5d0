// For effects that arrive on their own (a pub/sub message, a background
// projector): ask again, a bounded number of times with a short pause, until
// the answer is the expected one. It waits for an event and asserts nothing
// about how long it took.
export async function eventually<T>(probe: () => Promise<T>, done: (value: T) => boolean, attempts = 400, pauseMs = 25): Promise<T> {
  let value = await probe();
  for (let attempt = 1; attempt < attempts && !done(value); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    value = await probe();
  }
  return value;
}
