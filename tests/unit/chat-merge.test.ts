// The client's one list of messages: every answer merged by id, in id order,
// each message once, whatever order and overlap the answers come in.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../adapters/http/contract/chat';
import { compareMessageIdText as compareMessageIds } from '../../domain/chat/message-id';
import { mergeMessages } from '../../web/src/features/chat/merge-messages';

const message = (id: string, text = id): ChatMessage => ({ id, user_id: 1, username: 'alberta', message: text, time: new Date(Number(id.split('-')[0])).toISOString() });
const ids = (list: ChatMessage[]) => list.map((m) => m.id);

describe('mergeMessages', () => {
  const shown = [message('1000-0'), message('1000-1'), message('2000-0')];

  it('appends newer messages', () => {
    expect(ids(mergeMessages(shown, [message('2500-0'), message('3000-0')]))).toEqual(['1000-0', '1000-1', '2000-0', '2500-0', '3000-0']);
  });

  it('keeps each id once when a poll repeats what a send already added', () => {
    const afterSend = mergeMessages(shown, [message('2500-0')]);
    expect(ids(mergeMessages(afterSend, [message('2200-0'), message('2500-0')]))).toEqual(['1000-0', '1000-1', '2000-0', '2200-0', '2500-0']);
  });

  it('puts older pages first and orders ids numerically, not as text', () => {
    expect(ids(mergeMessages(shown, [message('999-5'), message('10-0')]))).toEqual(['10-0', '999-5', '1000-0', '1000-1', '2000-0']);
    expect(ids(mergeMessages([message('5-2')], [message('5-10'), message('5-9')]))).toEqual(['5-2', '5-9', '5-10']);
  });

  it('answers the same array when nothing is new, so nothing re-renders', () => {
    expect(mergeMessages(shown, [])).toBe(shown);
    expect(mergeMessages(shown, [message('1000-1')])).toBe(shown);
  });

  it('compares ids by millisecond, then sequence', () => {
    expect(compareMessageIds('999-9', '1000-0')).toBeLessThan(0);
    expect(compareMessageIds('1000-10', '1000-9')).toBeGreaterThan(0);
    expect(compareMessageIds('7-7', '7-7')).toBe(0);
  });
});
