// How the client shows study groups: times and counts read as the spec shows them
// (names: tests/unit/display-name.test.ts).
import { describe, expect, it } from 'vitest';
import { formatTime12, formatTime24 } from '@web/lib/time-of-day';
import { isGroupFull, memberCountLabel } from '@web/features/study-groups/display-name';

describe('meeting times', () => {
  it.each([
    ['18:30:00', '6:30 PM', '18:30'],
    ['06:05:00', '6:05 AM', '06:05'],
    ['00:00:00', '12:00 AM', '00:00'],
    ['12:00:00', '12:00 PM', '12:00'],
    ['23:59:59', '11:59 PM', '23:59'],
    ['9:15', '9:15 AM', '09:15'],
  ])('%s reads %s on the group page and %s in the group modal', (time, twelve, twentyFour) => {
    expect(formatTime12(time)).toBe(twelve);
    expect(formatTime24(time)).toBe(twentyFour);
  });

  it('shows an unreadable time as it came', () => {
    expect(formatTime12('soon')).toBe('soon');
    expect(formatTime24('25:00:00')).toBe('25:00:00');
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
