import type { Logger } from 'pino';

/** What every request carries in ctx.state. */
export interface AppState {
  requestId: string;
  log: Logger;
}
