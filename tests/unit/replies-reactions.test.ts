// Replies and reactions: the quote's line, the reactions' order and labels,
// and the client's list taking a reaction change and refreshing the quotes of
// replies when their original changes (never keeping removed text).
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@contract/chat';
import { checkReactionEmoji, reactionLabel, REACTION_EMOJI, summarizeReactions } from '@domain/chat/reactions';
import { QUOTE_MAX_LENGTH, quoteExcerpt, quoteOf } from '@domain/chat/reply-quote';
import { ValidationError } from '@domain/errors';
import { UserId } from '@domain/ids';
import { mergeMessages } from '@web/features/chat/merge-messages';

describe('the quote of a replied message', () => {
  it('is the first non-empty line, trimmed, cut with an ellipsis past the limit', () => {
    expect(quoteExcerpt('\n\n  Exam 2 on Thursday  \nroom 105')).toBe('Exam 2 on Thursday');
    expect(quoteExcerpt('one\r\ntwo')).toBe('one');
    const long = '🐊'.repeat(QUOTE_MAX_LENGTH + 10);
    const cut = quoteExcerpt(long);
    expect(Array.from(cut)).toHaveLength(QUOTE_MAX_LENGTH);
    expect(cut.endsWith('…')).toBe(true);
    expect(quoteExcerpt('🐊'.repeat(QUOTE_MAX_LENGTH))).toBe('🐊'.repeat(QUOTE_MAX_LENGTH));
  });

  it('of a deleted message says so and carries none of its text', () => {
    const original = { id: '5-0', userId: UserId(3), username: 'ana', message: '', time: new Date(5), deleted: true };
    expect(quoteOf(original)).toEqual({ id: '5-0', userId: 3, username: 'ana', excerpt: '', deleted: true });
    expect(quoteOf({ ...original, deleted: undefined, message: 'hi\nthere' }).excerpt).toBe('hi');
  });
});

describe('reactions', () => {
  it('are one of the fixed set', () => {
    expect(REACTION_EMOJI).toHaveLength(6);
    expect(checkReactionEmoji('🎉')).toBe('🎉');
    for (const bad of ['💩', '👍👍', '', ':+1:', '👍\u0000']) expect(() => checkReactionEmoji(bad)).toThrow(ValidationError);
  });

  it('are summed up in the set’s order, each student once, in the order they reacted', () => {
    const rows = [
      { emoji: '🙏', userId: UserId(1) },
      { emoji: '👍', userId: UserId(2) },
      { emoji: '👍', userId: UserId(1) },
      { emoji: '👍', userId: UserId(2) },
      { emoji: 'nope', userId: UserId(4) },
    ];
    expect(summarizeReactions(rows)).toEqual([
      { emoji: '👍', userIds: [2, 1] },
      { emoji: '🙏', userIds: [1] },
    ]);
  });

  it('are labelled with the count and who', () => {
    expect(reactionLabel('👍', ['Ben Li', 'Cy Ro'], true)).toBe('👍 3, you and 2 others');
    expect(reactionLabel('👍', [], true)).toBe('👍 1, you');
    expect(reactionLabel('👍', ['Ben Li'], true)).toBe('👍 2, you and 1 other');
    expect(reactionLabel('❤️', ['Ana Diaz'], false)).toBe('❤️ 1, Ana Diaz');
    expect(reactionLabel('❤️', ['Ana Diaz', 'Ben Li'], false)).toBe('❤️ 2, Ana Diaz and Ben Li');
    expect(reactionLabel('🎉', ['A B', 'C D', 'E F', 'G H'], false)).toBe('🎉 4, A B, C D and 2 others');
  });
});

describe('the client’s list with replies and reactions', () => {
  const message = (id: string, text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
    id,
    user_id: 1,
    username: 'ana',
    message: text,
    time: new Date(Number(id.split('-')[0])).toISOString(),
    ...extra,
  });
  const original = message('1000-0', 'my code is 4471');
  const reply = message('2000-0', 'thanks', {
    replyTo: '1000-0',
    quote: { id: '1000-0', user_id: 1, username: 'ana', excerpt: 'my code is 4471' },
  });

  it('takes a reaction change of a message it shows, and no older state over a newer edit', () => {
    const reacted = { ...original, event: '3000-0', reactions: [{ emoji: '👍' as const, count: 1, user_ids: [2], names: ['Ben Li'] }] };
    const merged = mergeMessages([original, reply], [reacted]);
    expect(merged[0].reactions).toEqual(reacted.reactions);
    expect(merged[0].event).toBeUndefined();
    const edited = { ...original, message: 'never mind', edited: true, editedAt: '2026-12-01T10:00:00.000Z', event: '4000-0' };
    const afterEdit = mergeMessages(merged, [edited]);
    expect(mergeMessages(afterEdit, [reacted])[0].message).toBe('never mind');
  });

  it('brings a reply’s quote up to date when its original is edited or deleted', () => {
    const edited = { ...original, message: 'never mind', edited: true, editedAt: '2026-12-01T10:00:00.000Z', event: '3000-0' };
    const afterEdit = mergeMessages([original, reply], [edited]);
    expect(afterEdit[1].quote).toMatchObject({ excerpt: 'never mind' });
    const deleted = { ...original, message: '', deleted: true, event: '4000-0' };
    const afterDelete = mergeMessages(afterEdit, [deleted]);
    expect(afterDelete[1].quote).toEqual({ id: '1000-0', user_id: 1, username: 'ana', excerpt: '', deleted: true });
    expect(JSON.stringify(afterDelete)).not.toContain('4471');
  });
});
