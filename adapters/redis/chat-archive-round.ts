// The entries of one round of the chat archive projector: read from a room's
// stream, each with its archive row when it is a chat message.
import type { ChatRoom } from '@domain/chat/chat-room';
import { parseMessageId } from '@domain/chat/message-id';
import type { ArchivedEntry } from '@adapters/postgres/chat-archive-entries';
import { readStreamEntry, type StreamEntry } from './chat-stream-keys';

/** One stream entry the round handles. */
export interface RoundEntry {
  room: ChatRoom;
  key: string;
  id: string;
  /** null: the entry was deleted from the stream while pending. */
  fields: string[] | null;
  /** Its archive row; null when it is not a chat message the append script would write. */
  row: ArchivedEntry | null;
}

export type StorableEntry = RoundEntry & { row: ArchivedEntry };

/** The entries as the round handles them, each with its archive row when it is a chat message. */
export function roundEntries(room: ChatRoom, key: string, entries: StreamEntry[]): RoundEntry[] {
  return entries.map((entry) => {
    const read = readStreamEntry(entry);
    const row = read ? { room, id: read.id, userId: read.userId, message: read.message, change: read.change, replyTo: read.replyTo } : null;
    return { room, key, id: entry[0], fields: entry[1], row };
  });
}

/** Each entry once: with claimIdleMs 0, XAUTOCLAIM also answers the entries this consumer just re-read. */
export function distinctEntries(entries: RoundEntry[]): RoundEntry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = attemptKey(entry);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The millisecond a stream id stands for (the message's posting time). */
export function entryMs(id: string): number {
  return parseMessageId(id)?.ms ?? Date.now();
}

/** An entry as one key: its stream and its id. */
export function attemptKey(entry: RoundEntry): string {
  return `${entry.key} ${entry.id}`;
}
