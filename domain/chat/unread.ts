// Unread marks: how many messages of a room a student has not read yet, and
// how many of those mention them. Counted over a bounded read after their
// last-read id, never over the whole history.
import { positionOf, type ChatMessage } from './chat-message';
import { mentions } from './mention';

/** Counts stop here; the client shows "99+". */
export const UNREAD_CAP = 100;
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
 * oldest first. A delete takes its message out of the count; an edit can add
 * or remove a mention. Entries about messages before the window change nothing.
 */
export class UnreadCounter {
  // Counted messages by id: whether each mentions the reader.
  private readonly counted = new Map<string, boolean>();
  private last: string | null = null;

  constructor(private readonly reader: { id: number; username: string }) {}

  add(entries: readonly ChatMessage[]): void {
    for (const entry of entries) {
      this.last = positionOf(entry);
      if (entry.userId === this.reader.id) continue;
      if (entry.event === undefined) {
        if (!entry.deleted && !this.full) this.counted.set(entry.id, mentions(entry.message, this.reader.username));
      } else if (this.counted.has(entry.id)) {
        if (entry.deleted) this.counted.delete(entry.id);
        else this.counted.set(entry.id, mentions(entry.message, this.reader.username));
      }
    }
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
