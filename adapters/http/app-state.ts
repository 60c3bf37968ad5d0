import type { Logger } from 'pino';

/** What every request carries in ctx.state. */
export interface AppState {
  requestId: string;
  log: Logger;
  /** The route template that answered (an API route's contract path), for logs and metrics. */
  route?: string;
}
