// A message id is its room's cursor: "ms-seq", the form of a Redis stream id.
// The embedded store makes its ids the same way, so clients never see a difference.

export interface MessageId {
  /** Milliseconds since the epoch: the message's time. */
  ms: number;
  /** Tells apart messages of the same millisecond, from 0. */
  seq: number;
}

/** The id before every message: "everything after 0-0" is the whole room. */
export const FIRST_MESSAGE_ID = '0-0';

// The archive keeps seq in a 32-bit column and ms in a bigint that JavaScript
// reads exactly only up to 2^53; anything larger is not one of our ids.
const MAX_SEQ = 2_147_483_647;
const PATTERN = /^(\d{1,16})-(\d{1,10})$/;

export function parseMessageId(text: string): MessageId | null {
  const match = PATTERN.exec(text);
  if (!match) return null;
  const ms = Number(match[1]);
  const seq = Number(match[2]);
  if (!Number.isSafeInteger(ms) || seq > MAX_SEQ) return null;
  return { ms, seq };
}

export function formatMessageId(id: MessageId): string {
  return `${id.ms}-${id.seq}`;
}

export function compareMessageIds(a: MessageId, b: MessageId): number {
  return a.ms !== b.ms ? a.ms - b.ms : a.seq - b.seq;
}

/** Orders two ids as they arrive on the wire ("ms-seq"); an unreadable id sorts first. */
export function compareMessageIdText(a: string, b: string): number {
  const none: MessageId = { ms: -1, seq: -1 };
  return compareMessageIds(parseMessageId(a) ?? none, parseMessageId(b) ?? none);
}

/** The id Redis would give the next entry: the current millisecond, never going backwards. */
export function nextMessageId(last: MessageId | null, nowMs: number): MessageId {
  if (!last || nowMs > last.ms) return { ms: nowMs, seq: 0 };
  return { ms: last.ms, seq: last.seq + 1 };
}

/** The time a message id stands for. */
export function messageTime(id: MessageId): Date {
  return new Date(id.ms);
}
