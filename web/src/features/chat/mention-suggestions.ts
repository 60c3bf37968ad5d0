// "@Be" in the chat box: which of the room's people the student may mean.
// The word being typed at the caret is the query; a member matches when their
// first name, last name, full name or username starts with it (any case, and
// accents ignored: "@Jose" finds José). Usernames come first, then first names,
// then last names, each alphabetical; the student themself is never offered.
import type { Member } from '@contract/members';

/** At most this many names are offered. */
const SUGGESTIONS_MAX = 6;

/** The "@word" ending at the caret: where its "@" is and what follows it, or null when the caret is not in one. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|[^A-Za-z0-9._@-])@([\p{L}\p{M}0-9._-]{0,30})$/u.exec(before);
  if (!match) return null;
  return { start: caret - match[2].length - 1, query: match[2] };
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The members the query may mean, best first. */
export function suggestMembers<M extends Member>(members: readonly M[], query: string, me: string): M[] {
  const wanted = fold(query);
  const ranked: { member: M; rank: number; key: string }[] = [];
  for (const member of members) {
    if (member.username.toLowerCase() === me.toLowerCase()) continue;
    const first = fold(member.first_name);
    const last = fold(member.last_name);
    let rank = -1;
    if (fold(member.username).startsWith(wanted)) rank = 0;
    else if (first.startsWith(wanted) || `${first} ${last}`.startsWith(wanted)) rank = 1;
    else if (last.startsWith(wanted)) rank = 2;
    if (rank >= 0) ranked.push({ member, rank, key: `${first} ${last} ${member.username.toLowerCase()}` });
  }
  return ranked
    .sort((a, b) => a.rank - b.rank || a.key.localeCompare(b.key))
    .slice(0, SUGGESTIONS_MAX)
    .map((r) => r.member);
}

/** The text with the "@query" at `start` replaced by "@username " and where the caret goes after it. */
export function insertMention(text: string, start: number, caret: number, username: string): { text: string; caret: number } {
  const inserted = `@${username} `;
  const after = text.slice(caret).replace(/^ /, '');
  return { text: `${text.slice(0, start)}${inserted}${after}`, caret: start + inserted.length };
}
