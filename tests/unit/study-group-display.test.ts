// How the client shows study groups: times and counts read as the spec shows them
// (names: tests/unit/display-name.test.ts).
import { describe, expect, it } from 'vitest';
import { formatDate, formatDayDate, formatTime12, formatTimeRange, timeInputValue } from '@web/lib/time-of-day';
import { meetingSummary } from '@web/features/study-groups/meeting-display';
import { isGroupFull, memberCountLabel } from '@web/features/study-groups/display-name';

describe('meeting times', () => {
  it.each([
    ['18:30:00', '6:30 PM', '18:30'],
    ['06:05:00', '6:05 AM', '06:05'],
    ['00:00:00', '12:00 AM', '00:00'],
    ['12:00:00', '12:00 PM', '12:00'],
    ['23:59:59', '11:59 PM', '23:59'],
    ['9:15', '9:15 AM', '09:15'],
  ])('%s reads %s everywhere and %s in a time input', (time, twelve, twentyFour) => {
    expect(formatTime12(time)).toBe(twelve);
    expect(timeInputValue(time)).toBe(twentyFour);
  });

  it('shows an unreadable time as it came', () => {
    expect(formatTime12('soon')).toBe('soon');
    expect(timeInputValue('25:00:00')).toBe('25:00:00');
  });
});

describe('meeting ranges, dates and summaries', () => {
  it('shows a range with one AM/PM when both ends share it, and wraps past midnight', () => {
    expect(formatTimeRange('19:00:00', 60)).toBe('7:00–8:00 PM');
    expect(formatTimeRange('11:00:00', 90)).toBe('11:00 AM–12:30 PM');
    expect(formatTimeRange('23:30:00', 60)).toBe('11:30 PM–12:30 AM');
  });

  it('shows dates as "Oct 3" and "Sat, Oct 3" whatever the browser’s zone', () => {
    expect(formatDate('2026-10-03')).toBe('Oct 3');
    expect(formatDayDate('2026-10-03')).toBe('Sat, Oct 3');
    expect(formatDate('someday')).toBe('someday');
  });

  const base = { id: 1, title: '', lengthMinutes: 60, location: 'Marston 101', cancelledDates: [] as string[], next: null };
  it('sums up a weekly series and a single meeting', () => {
    const weekly = { ...base, kind: 'weekly', day: 'Tuesday', time: '19:00:00', startDate: '2026-08-25', endDate: '2026-12-03' } as const;
    expect(meetingSummary(weekly)).toBe('Tuesdays 7:00–8:00 PM · until Dec 3');
    const once = {
      ...base,
      kind: 'once',
      title: 'Exam 1 review',
      day: 'Friday',
      time: '19:00:00',
      lengthMinutes: 120,
      startDate: '2026-10-02',
      endDate: '2026-10-02',
    } as const;
    expect(meetingSummary(once)).toBe('Exam 1 review · Fri, Oct 2, 7:00–9:00 PM');
    expect(meetingSummary({ ...once, title: '' })).toBe('Fri, Oct 2, 7:00–9:00 PM');
  });
});

describe('member counts', () => {
  it('counts the owner: size + 1 members', () => {
    const group = (size: number) => ({ size });
    expect(memberCountLabel(group(0))).toBe('1 member');
    expect(memberCountLabel(group(1))).toBe('2 members');
  });
});

describe('a full group', () => {
  it('is full when its members, the owner included, reach its size limit', () => {
    expect(isGroupFull({ size: 1, maxMembers: 3 })).toBe(false);
    expect(isGroupFull({ size: 2, maxMembers: 3 })).toBe(true);
    expect(isGroupFull({ size: 49, maxMembers: 50 })).toBe(true);
  });
});
