// Fires when the client of a long poll goes away before its answer is sent,
// so its wait ends at once (the hub forgets it) rather than at its deadline.
// A client may leave before the wait begins (while the session or the
// membership is read): its close has passed then, so it is looked at too.
import type { ServerResponse } from 'node:http';

/** The signal of `controller` (a new one unless given), aborted when the client of `res` goes. */
export function clientGone(res: ServerResponse, controller = new AbortController()): AbortSignal {
  if (res.destroyed && !res.writableFinished) {
    controller.abort();
    return controller.signal;
  }
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
