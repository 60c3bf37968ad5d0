// The unread tally over a room's log, which answers a changed message only as
// its latest change: such a change stands for its message when the message
// lies in the window, counted as it reads now (not at all once deleted).
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@domain/chat/chat-message';
import { UnreadCounter } from '@domain/chat/unread';
import { UserId } from '@domain/ids';

const reader = { id: UserId(1), username: 'carol' };
const at = (id: string, text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  userId: UserId(2),
  username: 'alice',
  message: text,
  time: new Date(0),
  ...extra,
});
const windowFrom = { ms: 1000, seq: 0 };

describe('UnreadCounter', () => {
  it('counts a message of the window that arrives only as its edit, as it reads now', () => {
    const counter = new UnreadCounter(reader, windowFrom);
    counter.add([at('1500-0', 'plain'), at('1600-0', 'now for @carol', { editedAt: new Date(1700), event: '1700-0' })]);
    expect(counter.tally()).toEqual({ unread: 2, mentions: 1 });
  });

  it('counts nothing of a message of the window that arrives only as its delete, its mention included', () => {
    const counter = new UnreadCounter(reader, windowFrom);
    counter.add([at('1500-0', '', { deleted: true, event: '1800-0' }), at('1600-0', 'hello')]);
    expect(counter.tally()).toEqual({ unread: 1, mentions: 0 });
  });

  it('lets a change of a message before the window change nothing, and the reader’s own count never', () => {
    const counter = new UnreadCounter(reader, windowFrom);
    counter.add([
      at('900-0', 'older, edited for @carol', { editedAt: new Date(1200), event: '1200-0' }),
      at('1000-0', 'at the marker itself', { editedAt: new Date(1300), event: '1300-0' }),
      at('1400-0', 'mine', { userId: UserId(1), editedAt: new Date(1500), event: '1500-0' }),
    ]);
    expect(counter.tally()).toEqual({ unread: 0, mentions: 0 });
    expect(counter.position).toBe('1500-0');
  });

  it('still follows a counted message through its later changes, across pages', () => {
    const counter = new UnreadCounter(reader, windowFrom);
    counter.add([at('1100-0', 'hi')]);
    counter.add([at('1100-0', 'hi @carol', { editedAt: new Date(1200), event: '1200-0' })]);
    expect(counter.tally()).toEqual({ unread: 1, mentions: 1 });
    counter.add([at('1100-0', '', { deleted: true, event: '1300-0' })]);
    expect(counter.tally()).toEqual({ unread: 0, mentions: 0 });
  });
});
