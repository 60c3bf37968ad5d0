import { describe, expect, it } from 'vitest';
import { ValidationError } from '@domain/errors';
import { MeetingId } from '@domain/ids';
import {
  isMeetingLink,
  isOccurrenceDate,
  MEETING_PLAN_MESSAGES,
  nextOccurrenceDate,
  normaliseMeetingPlan,
  occurrenceDates,
  termDates,
  weekdayOf,
  type PlannedMeeting,
} from '@domain/study-group/meeting-plan';

const defaults = { today: '2025-09-01', termEnd: '2025-12-03' };

function weekly(overrides: Partial<PlannedMeeting> = {}): PlannedMeeting {
  return {
    id: MeetingId(1),
    kind: 'weekly',
    title: '',
    day: 'Tuesday',
    time: '19:00:00',
    lengthMinutes: 60,
    location: 'Marston 101',
    startDate: '2025-09-01',
    endDate: '2025-12-03',
    cancelledDates: [],
    ...overrides,
  };
}

describe('meeting plans', () => {
  it('reads the spec call (day, time, location) as a weekly series from today to the term end, an hour long', () => {
    expect(normaliseMeetingPlan({ day: 'Tuesday', time: '19:00', location: ' Marston ' }, defaults)).toEqual({
      kind: 'weekly',
      title: '',
      day: 'Tuesday',
      time: '19:00:00',
      lengthMinutes: 60,
      location: 'Marston',
      startDate: '2025-09-01',
      endDate: '2025-12-03',
    });
  });

  it('a single meeting takes its weekday from its date and refuses a past date', () => {
    const plan = normaliseMeetingPlan(
      { kind: 'once', title: 'Exam 1 review', time: '19:00', location: 'CSE E222', startDate: '2025-10-03' },
      defaults,
    );
    expect(plan).toMatchObject({ kind: 'once', day: 'Friday', startDate: '2025-10-03', endDate: '2025-10-03', title: 'Exam 1 review' });
    expect(() => normaliseMeetingPlan({ kind: 'once', time: '19:00', location: 'x', startDate: '2025-08-31' }, defaults)).toThrow(
      new ValidationError(MEETING_PLAN_MESSAGES.pastDate, 'startDate'),
    );
  });

  it('refuses impossible dates, reversed ranges, over-long series, lengths and a weekday absent from the range', () => {
    const base = { day: 'Tuesday', time: '19:00', location: 'x' };
    expect(() => normaliseMeetingPlan({ ...base, startDate: '2025-02-30' }, defaults)).toThrow(MEETING_PLAN_MESSAGES.date);
    expect(() => normaliseMeetingPlan({ ...base, startDate: '2025-10-01', endDate: '2025-09-30' }, defaults)).toThrow(
      MEETING_PLAN_MESSAGES.endBeforeStart,
    );
    expect(() => normaliseMeetingPlan({ ...base, endDate: '2026-12-01' }, defaults)).toThrow(MEETING_PLAN_MESSAGES.seriesTooLong);
    expect(() => normaliseMeetingPlan({ ...base, lengthMinutes: 10 }, defaults)).toThrow(MEETING_PLAN_MESSAGES.length);
    expect(() => normaliseMeetingPlan({ ...base, lengthMinutes: 90.5 }, defaults)).toThrow(MEETING_PLAN_MESSAGES.length);
    // 2025-09-03 (Wed) to 2025-09-08 (Mon): no Tuesday.
    expect(() => normaliseMeetingPlan({ ...base, startDate: '2025-09-03', endDate: '2025-09-08' }, defaults)).toThrow(
      MEETING_PLAN_MESSAGES.noOccurrence,
    );
    expect(() => normaliseMeetingPlan({ ...base, kind: 'daily' }, defaults)).toThrow(MEETING_PLAN_MESSAGES.kind);
  });

  it('a series planned after its term ended runs sixteen weeks by default', () => {
    const plan = normaliseMeetingPlan({ day: 'Monday', time: '10:00', location: 'x' }, { today: '2026-01-05', termEnd: '2025-12-03' });
    expect(plan.endDate).toBe('2026-04-27');
  });

  it('lists occurrences between two dates, leaving out cancelled ones', () => {
    expect(occurrenceDates(weekly({ cancelledDates: ['2025-09-09'] }), '2025-09-01', '2025-09-23')).toEqual([
      '2025-09-02',
      '2025-09-16',
      '2025-09-23',
    ]);
    expect(occurrenceDates(weekly({ endDate: '2025-09-10' }), '2025-09-01', '2025-12-31')).toEqual(['2025-09-02', '2025-09-09']);
    expect(isOccurrenceDate(weekly(), '2025-09-09')).toBe(true);
    expect(isOccurrenceDate(weekly(), '2025-09-10')).toBe(false);
    expect(isOccurrenceDate(weekly(), '2025-12-09')).toBe(false);
  });

  it('the next occurrence is the first not yet ended, in campus time, and none after the series', () => {
    // 2025-09-02 23:30 UTC is 19:30 EDT on Tuesday: the meeting is under way.
    expect(nextOccurrenceDate(weekly(), new Date('2025-09-02T23:30:00Z'))).toBe('2025-09-02');
    // 20:00 EDT: it has ended; next week.
    expect(nextOccurrenceDate(weekly(), new Date('2025-09-03T00:00:00Z'))).toBe('2025-09-09');
    expect(nextOccurrenceDate(weekly({ cancelledDates: ['2025-09-09'] }), new Date('2025-09-03T00:00:00Z'))).toBe('2025-09-16');
    expect(nextOccurrenceDate(weekly(), new Date('2025-12-03T12:00:00Z'))).toBeNull();
    // A late meeting running past midnight is still under way the next morning.
    expect(nextOccurrenceDate(weekly({ time: '22:00:00', lengthMinutes: 180 }), new Date('2025-09-03T04:30:00Z'))).toBe('2025-09-02');
  });

  it('knows weekdays, links and term dates', () => {
    expect(weekdayOf('2025-10-03')).toBe('Friday');
    expect(weekdayOf('1969-12-31')).toBe('Wednesday');
    expect(isMeetingLink('https://ufl.zoom.us/j/123')).toBe(true);
    expect(isMeetingLink('zoom.us/j/123')).toBe(true);
    expect(isMeetingLink('Marston 101')).toBe(false);
    expect(isMeetingLink('javascript:alert(1)')).toBe(false);
    expect(termDates('Fall 2025')).toEqual({ start: '2025-08-21', end: '2025-12-03' });
    expect(termDates('Spring 2027')).toEqual({ start: '2027-01-08', end: '2027-04-25' });
    expect(termDates('Autumn')).toBeNull();
  });
});
