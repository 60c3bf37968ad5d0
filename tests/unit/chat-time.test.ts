// Spec 9's chat timestamps on the campus clock, with daylight saving (the
// original subtracted a fixed 4 hours, an hour wrong all winter).
import { describe, expect, it } from 'vitest';
import { describeChatTime, formatChatTime } from '@web/lib/chat-time';

describe('formatChatTime', () => {
  it('shows a summer (EDT, UTC-4) message from today as "at {time}"', () => {
    expect(formatChatTime('2026-07-04T13:05:00.000Z', new Date('2026-07-04T20:00:00Z'))).toBe('at 9:05 AM');
  });

  it('shows a winter (EST, UTC-5) message from today as "at {time}", not shifted by a fixed 4 hours', () => {
    expect(formatChatTime('2026-01-15T14:05:00.000Z', new Date('2026-01-15T18:00:00Z'))).toBe('at 9:05 AM');
    expect(formatChatTime('2026-11-23T17:30:00.000Z', new Date('2026-11-23T18:00:00Z'))).toBe('at 12:30 PM');
  });

  it('shows a message from another day as "{date} at {time}"', () => {
    expect(formatChatTime('2026-01-15T14:05:00.000Z', new Date('2026-01-16T14:05:00Z'))).toBe('1/15/2026 at 9:05 AM');
    expect(formatChatTime('2025-12-31T23:59:00.000Z', new Date('2026-07-04T12:00:00Z'))).toBe('12/31/2025 at 6:59 PM');
  });

  it('splits today from other days on the campus calendar, not on UTC’s', () => {
    // 10:30 PM on Nov 23 in Gainesville is already Nov 24 in UTC.
    const lateEvening = '2026-11-24T03:30:00.000Z';
    expect(formatChatTime(lateEvening, new Date('2026-11-23T20:00:00Z'))).toBe('at 10:30 PM');
    expect(formatChatTime(lateEvening, new Date('2026-11-24T06:00:00Z'))).toBe('11/23/2026 at 10:30 PM');
    // And 7 PM in UTC on Nov 23 is still the same campus day as 8 AM there.
    expect(formatChatTime('2026-11-23T13:00:00.000Z', new Date('2026-11-24T00:30:00Z'))).toBe('at 8:00 AM');
  });

  it('follows the clock changes in March and November', () => {
    const march8 = new Date('2026-03-08T17:00:00Z');
    expect(formatChatTime('2026-03-08T06:30:00.000Z', march8)).toBe('at 1:30 AM'); // EST, before the change
    expect(formatChatTime('2026-03-08T07:30:00.000Z', march8)).toBe('at 3:30 AM'); // EDT, after it
    const november1 = new Date('2026-11-01T17:00:00Z');
    expect(formatChatTime('2026-11-01T05:30:00.000Z', november1)).toBe('at 1:30 AM'); // EDT
    expect(formatChatTime('2026-11-01T06:30:00.000Z', november1)).toBe('at 1:30 AM'); // EST, the hour repeats
  });

  it('accepts a Date and uses plain spaces', () => {
    const text = formatChatTime(new Date('2026-07-04T16:45:00Z'), new Date('2026-07-04T17:00:00Z'));
    expect(text).toBe('at 12:45 PM');
    expect(text).not.toMatch(/[\u202f\u00a0]/);
  });
});

describe('describeChatTime', () => {
  it('names the day, the time and the campus time zone', () => {
    expect(describeChatTime('2026-11-23T14:05:00.000Z')).toBe('Monday, November 23, 2026 at 9:05 AM EST');
    expect(describeChatTime('2026-07-04T13:05:00.000Z')).toBe('Saturday, July 4, 2026 at 9:05 AM EDT');
  });
});
