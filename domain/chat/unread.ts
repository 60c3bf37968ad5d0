// Unread marks: how many messages of a room a student has not read yet, and
// how many of those mention them. Counted over a bounded read after their
// last-read id, never over the whole history.
import type { UserId } from '@domain/ids';
import { positionOf, type ChatMessage } from './chat-message';
import { compareMessageIds, parseMessageId, type MessageId } from './message-id';
import { mentions } from './mention';

/** Counts stop here; the client shows "99+". */
const UNREAD_CAP = 100;
/** Log entries read per room for one count (messages, edits and deletes). */
export const UNREAD_PAGE = 100;
/** Pages read per room at most, so one count costs a bounded read however busy the room. */
export const UNREAD_MAX_PAGES = 3;

export interface UnreadTally {
  /** Other students' messages after the last-read one, not deleted; at most UNREAD_CAP. */
  unread: number;
  /** Of those, the ones that mention the reader. */
  mentions: number;
}

/**
 * Tallies a room's log entries after the reader's last-read id, page by page,
 * oldest first. The log answers a changed message only through its latest
 * edit or delete, in its current state, so an event whose message lies in the
 * window and was not seen yet stands for that message: counted as it reads
 * now, or not at all when deleted. A later event of a counted message takes
 * it out (a delete) or can add or remove a mention (an edit). Events of
 * messages before the window change nothing.
 */
export class UnreadCounter {
  // Counted messages by id: whether each mentions the reader.
  private readonly counted = new Map<string, boolean>();
  // Every message the count has met, counted or not.
  private readonly seen = new Set<string>();
  private last: string | null = null;

  constructor(
    private readonly reader: { id: UserId; username: string },
    /** Where the window starts: the position the first page is read after. */
    private readonly from: MessageId,
  ) {}

  add(entries: readonly ChatMessage[]): void {
    for (const entry of entries) {
      this.last = positionOf(entry);
      if (entry.userId === this.reader.id) continue;
      const known = this.seen.has(entry.id);
      if (entry.event !== undefined && !known && !this.inWindow(entry.id)) continue;
      this.seen.add(entry.id);
      if (entry.deleted) this.counted.delete(entry.id);
      else if (this.counted.has(entry.id) || (!known && !this.full))
        this.counted.set(entry.id, mentions(entry.message, this.reader.username));
    }
  }

  private inWindow(id: string): boolean {
    const parsed = parseMessageId(id);
    return parsed !== null && compareMessageIds(parsed, this.from) > 0;
  }

  /** The position of the last entry added: where the next page starts. */
  get position(): string | null {
    return this.last;
  }

  get full(): boolean {
    return this.counted.size >= UNREAD_CAP;
  }

  tally(): UnreadTally {
    let mentioned = 0;
    for (const mention of this.counted.values()) if (mention) mentioned += 1;
    return { unread: this.counted.size, mentions: mentioned };
  }
}

/** A short fingerprint of an unread summary: a client's `since` names the one it holds. */
export function summaryVersion(parts: readonly (string | number | null)[]): string {
  // FNV-1a over the parts; a change in any count or marker changes it.
  let hash = 0x811c9dc5;
  const text = parts.join('|');
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(36)}${text.length.toString(36)}`;
}
