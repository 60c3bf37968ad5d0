// A chat message as rooms hold it, and the rules for what a student may post.
import { ValidationError } from '@domain/errors';
import type { UserId } from '@domain/ids';
import { characterCount } from '@domain/text/text-policy';
import type { MessageReaction } from './reactions';
import type { ReplyQuote } from './reply-quote';

export interface ChatMessage {
  /** "ms-seq": ordered within its room, and the cursor for polling. */
  id: string;
  userId: UserId;
  username: string;
  /** '' once deleted. */
  message: string;
  time: Date;
  /** When the author last edited it; absent if never. */
  editedAt?: Date;
  /** Deleted by its author (or the group's owner): shown as "Message deleted". */
  deleted?: boolean;
  /**
   * Its author deleted their account: the message stays in the room, shown as
   * "Former member" (username ''), with no profile to open.
   */
  formerMember?: boolean;
  /**
   * The author's names as they are when the message is read (never stored
   * with it): a student who left the room keeps their name on their messages.
   */
  firstName?: string;
  lastName?: string;
  /**
   * Set when this item stands for an edit or a delete read from the room's
   * log (a poll): the event's own id, the position a poller's cursor moves to.
   * The fields above are then the message's state after that event.
   */
  event?: string;
  /** The id of the message of the same room this one answers (a reply); kept as posted. */
  replyTo?: string;
  /** The answered message as it reads now: resolved when the reply is read, never stored (reply-quote.ts). */
  quote?: ReplyQuote;
  /** Who reacted with which emoji, part of the message's state (reactions.ts); absent when nobody did. */
  reactions?: MessageReaction[];
}

/** Where an item sits in its room's log: the event's id for an edit or delete, else the message's. */
export function positionOf(item: Pick<ChatMessage, 'id' | 'event'>): string {
  return item.event ?? item.id;
}

/** How long after posting its author may still edit a message. */
export const EDIT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Edits one message may have. Every edit wakes the whole room and is a log
 * entry, so an author rewriting one message in a loop would cost every member;
 * nobody fixing typos needs more than a handful in the 24 hours they have.
 */
export const MAX_EDITS_PER_MESSAGE = 20;

export const MESSAGE_MAX_LENGTH = 2000;
/** Messages a page load, or a poll without a cursor, gets. */
export const LATEST_MESSAGES = 50;
/** Most messages one ?after poll returns; a client that is further behind asks again. */
export const MESSAGES_AFTER_LIMIT = 500;
/** Messages one "Load earlier messages" step returns. */
export const MESSAGES_BEFORE_LIMIT = 50;

/**
 * The text as it will be stored: trimmed, 1 to 2,000 characters. Characters
 * are counted as code points, as Postgres counts them for the archive column.
 */
export function checkMessageText(raw: string): string {
  const text = raw.trim();
  if (text === '') throw new ValidationError('Please enter a message.', 'message');
  const length = characterCount(text);
  if (length > MESSAGE_MAX_LENGTH) {
    throw new ValidationError(
      `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters (this one has ${length.toLocaleString('en-US')}).`,
      'message',
    );
  }
  return text;
}
