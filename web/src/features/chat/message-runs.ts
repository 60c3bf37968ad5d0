// Consecutive messages from one author read as one run under one header (name
// and time), as chat apps show them. A run ends when someone else writes, when
// the author pauses longer than RUN_GAP_MS, or at midnight on campus (a new day
// always starts a new header, whose time then carries the date).
import type { ChatMessage } from '@contract/chat';
import { isSameCampusDay } from '@web/lib/chat-time';

export const RUN_GAP_MS = 5 * 60_000;

type Timed = Pick<ChatMessage, 'user_id' | 'time'>;

/** Whether `message` opens a new run after `previous` (the message shown just before it, if any). */
export function startsRun(message: Timed, previous: Timed | undefined): boolean {
  if (!previous || previous.user_id !== message.user_id) return true;
  const gap = Date.parse(message.time) - Date.parse(previous.time);
  // A clock step backwards (out of order) also starts afresh rather than hide a header.
  return !(gap >= 0 && gap <= RUN_GAP_MS) || !isSameCampusDay(previous.time, message.time);
}
