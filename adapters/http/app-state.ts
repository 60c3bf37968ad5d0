import type { Logger } from 'pino';

/** What every request carries in ctx.state. */
export interface AppState {
  requestId: string;
  log: Logger;
  /** Set by the chat reads: their access-log line goes to debug (one a second per open chat would drown the rest). */
  routineRequest?: boolean;
  /** The route template that answered (an API route's contract path), for logs and metrics. */
  route?: string;
}
