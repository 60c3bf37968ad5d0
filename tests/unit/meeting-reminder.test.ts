// When a meeting's reminder is due: an hour before each occurrence on the
// campus clock, so its instant moves with both daylight-saving changes of
// 2026 (March 8, November 1); cancelled dates skipped; none once the meeting
// has no occurrence ahead.
import { describe, expect, it } from 'vitest';
import { MeetingId } from '@domain/ids';
import { nextReminder, occurrenceStart, REMINDER_MINUTES_BEFORE } from '@domain/notifications/meeting-reminder';
import { plannedMeeting } from '@tests/support/meeting-plans';

const at = (iso: string) => new Date(iso);
/** Tuesdays at 7 PM, through March 2026 (March 3 is a Tuesday). */
const spring = plannedMeeting(
  MeetingId(7),
  { day: 'Tuesday', time: '19:00:00', location: 'Marston 101' },
  {
    startDate: '2026-03-03',
    endDate: '2026-03-31',
  },
);

describe('a meeting reminder', () => {
  it('is due an hour before the start', () => {
    expect(REMINDER_MINUTES_BEFORE).toBe(60);
    expect(occurrenceStart(spring, '2026-03-03')).toEqual(at('2026-03-04T00:00:00Z'));
    expect(nextReminder(spring, at('2026-03-01T12:00:00Z'))).toEqual({ date: '2026-03-03', at: at('2026-03-03T23:00:00Z') });
  });

  it('moves to the next week once due, at 6 PM EDT after the spring change (22:00Z, not 23:00Z)', () => {
    expect(nextReminder(spring, at('2026-03-03T22:59:00Z'))?.date).toBe('2026-03-03');
    expect(nextReminder(spring, at('2026-03-03T23:00:00Z'))).toEqual({ date: '2026-03-10', at: at('2026-03-10T22:00:00Z') });
    // The meeting itself under way does not bring its reminder back.
    expect(nextReminder(spring, at('2026-03-04T00:30:00Z'))?.date).toBe('2026-03-10');
  });

  it('is at 6 PM EST after the November fall-back (23:00Z, not 22:00Z)', () => {
    const fall = { ...spring, startDate: '2026-10-20', endDate: '2026-11-24' };
    expect(nextReminder(fall, at('2026-10-26T12:00:00Z'))).toEqual({ date: '2026-10-27', at: at('2026-10-27T22:00:00Z') });
    expect(nextReminder(fall, at('2026-10-27T22:00:00Z'))).toEqual({ date: '2026-11-03', at: at('2026-11-03T23:00:00Z') });
  });

  it('skips a cancelled date', () => {
    const cancelled = { ...spring, cancelledDates: ['2026-03-10'] };
    expect(nextReminder(cancelled, at('2026-03-05T12:00:00Z'))).toEqual({ date: '2026-03-17', at: at('2026-03-17T22:00:00Z') });
  });

  it('falls on the evening before a meeting just after midnight', () => {
    const early = { ...spring, time: '00:30:00' };
    // 11 PM EDT on Monday March 9: the Tuesday 00:30 meeting's reminder is at 11:30 PM.
    expect(nextReminder(early, at('2026-03-10T03:00:00Z'))).toEqual({ date: '2026-03-10', at: at('2026-03-10T03:30:00Z') });
  });

  it('has one for a single meeting, then none', () => {
    const once = plannedMeeting(
      MeetingId(8),
      { day: 'Thursday', time: '09:00:00', location: 'Online' },
      {
        kind: 'once',
        startDate: '2026-03-12',
        endDate: '2026-03-12',
      },
    );
    expect(nextReminder(once, at('2026-03-01T12:00:00Z'))).toEqual({ date: '2026-03-12', at: at('2026-03-12T12:00:00Z') });
    expect(nextReminder(once, at('2026-03-12T12:00:00Z'))).toBeNull();
  });

  it('has none once a series has passed its last date', () => {
    expect(nextReminder(spring, at('2026-03-31T22:00:00Z'))).toBeNull();
    expect(nextReminder(spring, at('2026-04-02T12:00:00Z'))).toBeNull();
  });
});
