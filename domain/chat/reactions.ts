// Reactions: a small fixed set of emoji a student puts on a message, at most
// one of each per student and message. The set is written here once; the
// server refuses any other and the client offers exactly these.
import { ValidationError } from '@domain/errors';
import type { UserId } from '@domain/ids';

export const REACTION_EMOJI = ['👍', '❤️', '😂', '🎉', '😮', '🙏'] as const;

export type ReactionEmoji = (typeof REACTION_EMOJI)[number];

/** One emoji on one message: who put it there, oldest first. */
export interface MessageReaction {
  emoji: ReactionEmoji;
  userIds: UserId[];
  /** Their names as shown, in the same order: added when the message is read, never stored. */
  names?: string[];
}

function isReactionEmoji(text: string): text is ReactionEmoji {
  return (REACTION_EMOJI as readonly string[]).includes(text);
}

export function checkReactionEmoji(text: string): ReactionEmoji {
  if (!isReactionEmoji(text)) throw new ValidationError(`A reaction is one of ${REACTION_EMOJI.join(' ')}.`, 'emoji');
  return text;
}

/** Reactions in the set's order, each with its students in the order they reacted; emoji nobody uses left out. */
export function summarizeReactions(rows: readonly { emoji: string; userId: UserId }[]): MessageReaction[] {
  const byEmoji = new Map<ReactionEmoji, UserId[]>();
  for (const row of rows) {
    if (!isReactionEmoji(row.emoji)) continue;
    const users = byEmoji.get(row.emoji) ?? [];
    if (!users.includes(row.userId)) users.push(row.userId);
    byEmoji.set(row.emoji, users);
  }
  return REACTION_EMOJI.filter((emoji) => byEmoji.has(emoji)).map((emoji) => ({ emoji, userIds: byEmoji.get(emoji)! }));
}

/**
 * What a reaction button says to a screen reader: its emoji, how many, and
 * who: "👍 3, you and 2 others", "👍 1, Ana Diaz", "❤️ 2, Ana Diaz and Ben Li",
 * "🎉 4, Ana Diaz, Ben Li and 2 others". `others`: the names of the students
 * other than the reader, in the order they reacted.
 */
export function reactionLabel(emoji: string, others: readonly string[], youReacted: boolean): string {
  const count = others.length + (youReacted ? 1 : 0);
  const plural = (n: number) => `${n} other${n === 1 ? '' : 's'}`;
  let who: string;
  if (youReacted) who = others.length === 0 ? 'you' : `you and ${plural(others.length)}`;
  else if (others.length <= 2) who = others.join(' and ');
  else who = `${others.slice(0, 2).join(', ')} and ${plural(others.length - 2)}`;
  return `${emoji} ${count}, ${who}`;
}
