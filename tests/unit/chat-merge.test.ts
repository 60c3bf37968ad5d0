// The client's one list of messages: every answer merged by id, in id order,
// each message once, whatever order and overlap the answers come in.
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@contract/chat';
import { compareMessageIdText as compareMessageIds } from '@domain/chat/message-id';
import { mergeMessages } from '@web/features/chat/merge-messages';

const message = (id: string, text = id): ChatMessage => ({
  id,
  user_id: 1,
  username: 'alberta',
  message: text,
  time: new Date(Number(id.split('-')[0])).toISOString(),
});
const ids = (list: ChatMessage[]) => list.map((m) => m.id);

describe('mergeMessages', () => {
  const shown = [message('1000-0'), message('1000-1'), message('2000-0')];

  it('appends newer messages', () => {
    expect(ids(mergeMessages(shown, [message('2500-0'), message('3000-0')]))).toEqual(['1000-0', '1000-1', '2000-0', '2500-0', '3000-0']);
  });

  it('keeps each id once when a poll repeats what a send already added', () => {
    const afterSend = mergeMessages(shown, [message('2500-0')]);
    expect(ids(mergeMessages(afterSend, [message('2200-0'), message('2500-0')]))).toEqual([
      '1000-0',
      '1000-1',
      '2000-0',
      '2200-0',
      '2500-0',
    ]);
  });

  it('puts older pages first and orders ids numerically, not as text', () => {
    expect(ids(mergeMessages(shown, [message('999-5'), message('10-0')]))).toEqual(['10-0', '999-5', '1000-0', '1000-1', '2000-0']);
    expect(ids(mergeMessages([message('5-2')], [message('5-10'), message('5-9')]))).toEqual(['5-2', '5-9', '5-10']);
  });

  it('answers the same array when nothing is new, so nothing re-renders', () => {
    expect(mergeMessages(shown, [])).toBe(shown);
    expect(mergeMessages(shown, [message('1000-1')])).toBe(shown);
  });

  it('replaces a message in place with its edit or delete, and keeps the latest state whatever order they come in', () => {
    const edited = { ...message('1000-1', 'fixed typo'), edited: true, editedAt: '2026-11-26T10:00:00.000Z', event: '2100-0' };
    const afterEdit = mergeMessages(shown, [edited]);
    expect(afterEdit.map((m) => m.message)).toEqual(['1000-0', 'fixed typo', '2000-0']);
    expect(afterEdit[1]).not.toHaveProperty('event');
    const deleted = { ...message('1000-1', ''), edited: true, editedAt: edited.editedAt, deleted: true, event: '2200-0' };
    const afterDelete = mergeMessages(afterEdit, [deleted]);
    expect(afterDelete[1]).toMatchObject({ id: '1000-1', message: '', deleted: true });
    // A late copy of an older state (a history page, the page answer) does not bring it back.
    expect(mergeMessages(afterDelete, [message('1000-1'), edited])).toBe(afterDelete);
    // A poll's batch: a new message, then its edit.
    const batch = mergeMessages(shown, [
      message('2500-0', 'typo'),
      { ...message('2500-0', 'no typo'), edited: true, editedAt: '2026-11-26T10:00:00.000Z', event: '2600-0' },
    ]);
    expect(batch.map((m) => [m.id, m.message])).toEqual([
      ['1000-0', '1000-0'],
      ['1000-1', '1000-1'],
      ['2000-0', '2000-0'],
      ['2500-0', 'no typo'],
    ]);
  });

  it('ignores an edit or delete of a message it does not show (older than the first), leaving no gap', () => {
    const edit = { ...message('500-0', 'old, edited'), edited: true, editedAt: '2026-11-26T10:00:00.000Z', event: '2100-0' };
    expect(mergeMessages(shown, [edit])).toBe(shown);
  });

  // The log answers a changed message only as its latest change: a message posted and changed between two polls arrives that way only.
  it('shows a message that arrives only as its change, in id order and in its current state, when it is newer than the oldest shown', () => {
    const edited = { ...message('1500-0', 'posted, then fixed'), edited: true, editedAt: '2026-11-26T10:00:00.000Z', event: '2100-0' };
    const deleted = { ...message('2500-0', ''), deleted: true, event: '2600-0' };
    const merged = mergeMessages(shown, [deleted, edited]);
    expect(merged.map((m) => [m.id, m.message, m.deleted ?? false])).toEqual([
      ['1000-0', '1000-0', false],
      ['1000-1', '1000-1', false],
      ['1500-0', 'posted, then fixed', false],
      ['2000-0', '2000-0', false],
      ['2500-0', '', true],
    ]);
    expect(merged[2]).toMatchObject({ edited: true, editedAt: '2026-11-26T10:00:00.000Z' });
    for (const m of merged) expect(m).not.toHaveProperty('event');
    // Into an empty list (a room opened with nothing shown) too.
    expect(mergeMessages([], [deleted])).toEqual([{ ...message('2500-0', ''), deleted: true }]);
    // A later copy as posted (a history page from before the change) does not bring the text back.
    expect(mergeMessages(merged, [message('2500-0', 'the original')])).toBe(merged);
  });

  it('compares ids by millisecond, then sequence', () => {
    expect(compareMessageIds('999-9', '1000-0')).toBeLessThan(0);
    expect(compareMessageIds('1000-10', '1000-9')).toBeGreaterThan(0);
    expect(compareMessageIds('7-7', '7-7')).toBe(0);
  });
});
