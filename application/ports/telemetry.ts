// What the use cases tell an operator about: events worth counting that an
// HTTP status alone does not explain (which login limit refused, how many
// messages were posted to which kind of room). The adapter turns them into
// metrics; tests and the CLIs use the no-op.
import type { RoomKind } from '@domain/chat/chat-room';

export type TelemetryEvent =
  /** The login guard refused an attempt: the address's hourly limit, the pair's limit, the attempt that blocked the pair, or a locked device cookie. */
  | { kind: 'login-refused'; limit: 'address' | 'pair' | 'pair-blocked' | 'device' }
  /** The guard held an attempt before evaluating it (the per-username slow-down). */
  | { kind: 'login-held'; delayMs: number }
  | { kind: 'chat-message-posted'; room: RoomKind }
  /** A notification for one student on a channel: sent, failed (tried again), or deferred to the end of their quiet hours. */
  | { kind: 'notification'; channel: 'push' | 'mail'; outcome: 'sent' | 'failed' | 'deferred' };

export interface Telemetry {
  record(event: TelemetryEvent): void;
}

export const NO_TELEMETRY: Telemetry = { record: () => {} };
