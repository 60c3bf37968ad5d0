// @username mentions in a chat message, one rule for the server's unread
// count and the client's highlighting: case-insensitive and word-bounded, so
// "@Alice," and "(@alice)" mention alice, "bob@alice.edu", "@alice2" and
// "@alice.smith" do not (usernames are letters, digits, ".", "_" and "-"; a
// trailing "." ends a sentence).
import { USERNAME_MAX_LENGTH } from '@domain/user/sign-up-rules';

/** Where a mention sits in the text: `start` at its "@", `end` after its last character; `username` as typed. */
export interface MentionSpan {
  start: number;
  end: number;
  username: string;
}

const USERNAME_CHAR = /[A-Za-z0-9._-]/;
/** What a mention may not directly follow ("bob@alice" is an address). */
const BEFORE_MENTION = /[A-Za-z0-9._@-]/;
/** What may not directly follow a mention; a "." only when one of these comes after it. */
const WORD_CHAR = /[A-Za-z0-9_-]/;

function mayEndAt(text: string, index: number): boolean {
  const next = text[index];
  if (next === undefined) return true;
  if (WORD_CHAR.test(next)) return false;
  return !(next === '.' && WORD_CHAR.test(text[index + 1] ?? ''));
}

/**
 * Every mention in the text of a username `isUsername` accepts (it is given
 * the name in lower case), oldest first; where two names could be read at one
 * "@", the longer one.
 */
export function findMentions(text: string, isUsername: (lowerCaseName: string) => boolean): MentionSpan[] {
  const found: MentionSpan[] = [];
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    if (at > 0 && BEFORE_MENTION.test(text[at - 1])) continue;
    let runEnd = at + 1;
    while (runEnd < text.length && USERNAME_CHAR.test(text[runEnd])) runEnd += 1;
    // No name is longer than sign-up allows: a long run costs no more than a short one.
    for (let end = Math.min(runEnd, at + 1 + USERNAME_MAX_LENGTH); end > at + 1; end -= 1) {
      if (!mayEndAt(text, end)) continue;
      const username = text.slice(at + 1, end);
      if (isUsername(username.toLowerCase())) {
        found.push({ start: at, end, username });
        break;
      }
    }
  }
  return found;
}

/** Whether the text mentions @username. */
export function mentions(text: string, username: string): boolean {
  const wanted = username.toLowerCase();
  return findMentions(text, (name) => name === wanted).length > 0;
}
