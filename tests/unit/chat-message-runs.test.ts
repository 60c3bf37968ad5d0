// The chat shows consecutive messages of one author under one header.
import { describe, expect, it } from 'vitest';
import { RUN_GAP_MS, startsRun } from '@web/features/chat/message-runs';

const at = (user_id: number, time: string) => ({ user_id, time });
const runStarts = (messages: { user_id: number; time: string }[]) =>
  messages.map((message, index) => startsRun(message, messages[index - 1]));

describe('startsRun', () => {
  it('keeps one author’s messages a few minutes apart under one header, and starts one for the next author', () => {
    expect(
      runStarts([
        at(1, '2026-03-02T15:00:00.000Z'),
        at(1, '2026-03-02T15:01:00.000Z'),
        at(1, '2026-03-02T15:05:59.000Z'),
        at(2, '2026-03-02T15:06:00.000Z'),
        at(1, '2026-03-02T15:06:30.000Z'),
      ]),
    ).toEqual([true, false, false, true, true]);
  });

  it('starts a new header after a pause longer than five minutes', () => {
    const first = Date.parse('2026-03-02T15:00:00.000Z');
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(startsRun(at(1, iso(first + RUN_GAP_MS)), at(1, iso(first)))).toBe(false);
    expect(startsRun(at(1, iso(first + RUN_GAP_MS + 1000)), at(1, iso(first)))).toBe(true);
  });

  it('starts a new header on a new campus day, even a minute later', () => {
    // 11:59 PM and 12:00 AM in Gainesville (EST, UTC-5).
    expect(startsRun(at(1, '2026-01-16T05:00:00.000Z'), at(1, '2026-01-16T04:59:00.000Z'))).toBe(true);
    // Midnight in UTC is 7 PM on campus: the same day, one run.
    expect(startsRun(at(1, '2026-01-16T00:01:00.000Z'), at(1, '2026-01-15T23:59:00.000Z'))).toBe(false);
  });

  it('starts a header for a message older than the one before it', () => {
    expect(startsRun(at(1, '2026-03-02T15:00:00.000Z'), at(1, '2026-03-02T15:02:00.000Z'))).toBe(true);
  });
});
