// What a reply shows of the message it answers: the author and the first line
// of its text as it reads now. Resolved every time the reply is read, so an
// edit of the original shows in its quotes and a deleted original is quoted
// as deleted, with none of its text (removed means removed).
import type { UserId } from '@domain/ids';
import { characterCount } from '@domain/text/text-policy';
import type { ChatMessage } from './chat-message';

/** The longest quote line, in characters; a longer first line is cut with "…". */
export const QUOTE_MAX_LENGTH = 140;

export interface ReplyQuote {
  /** The answered message's id. */
  id: string;
  /** Absent only when the original is nowhere to be found (shown as deleted). */
  userId?: UserId;
  username?: string;
  firstName?: string;
  lastName?: string;
  formerMember?: boolean;
  /** Its first non-empty line now, cut to QUOTE_MAX_LENGTH; '' when deleted. */
  excerpt: string;
  /** The original was deleted: shown as "Message deleted". */
  deleted?: boolean;
}

/** The first non-empty line of a text, cut to QUOTE_MAX_LENGTH characters (code points). */
export function quoteExcerpt(text: string): string {
  const line = text
    .split(/\r\n|\r|\n/)
    .map((part) => part.trim())
    .find((part) => part !== '');
  if (line === undefined) return '';
  if (characterCount(line) <= QUOTE_MAX_LENGTH) return line;
  return `${Array.from(line)
    .slice(0, QUOTE_MAX_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}

/** The quote of an original as it reads now. */
export function quoteOf(original: ChatMessage): ReplyQuote {
  const quote: ReplyQuote = { id: original.id, userId: original.userId, username: original.username, excerpt: '' };
  if (original.deleted) quote.deleted = true;
  else quote.excerpt = quoteExcerpt(original.message);
  return quote;
}
