// "Find a time": the best weekly slots for a group from its members' class
// meetings, other groups' meetings and busy grids (domain/study-group/find-a-time.ts).
import { describe, expect, it } from 'vitest';
import {
  classBusyTimes,
  clockMinutes,
  findTimes,
  meetingBusyTime,
  type MemberSchedule,
  type WeeklyInterval,
} from '@domain/study-group/find-a-time';

const at = (hours: number, minutes = 0) => hours * 60 + minutes;

/** Whether the slot and the busy time share a minute (both weekly, the busy time may run past midnight). */
function overlaps(slot: { day: string; start: number; end: number }, busy: WeeklyInterval): boolean {
  const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const week = 7 * 24 * 60;
  const s = days.indexOf(slot.day) * 1440 + slot.start;
  const b = busy.day * 1440 + busy.start;
  const length = busy.end - busy.start;
  return [b, b - week, b + week].some((from) => s < from + length && from < s + (slot.end - slot.start));
}

describe('clockMinutes', () => {
  it('reads UF’s 12-hour times', () => {
    expect(clockMinutes('1:55 PM')).toBe(at(13, 55));
    expect(clockMinutes('9:35 AM')).toBe(at(9, 35));
    expect(clockMinutes('12:50 PM')).toBe(at(12, 50));
    expect(clockMinutes('12:00 AM')).toBe(0);
    expect(clockMinutes(' 7:25 am ')).toBe(at(7, 25));
  });

  it('answers null for what is not a time', () => {
    for (const text of ['', 'TBA', '13:00 PM', '9:75 AM', '0:30 AM', '9:35', '\u00009:35 AM']) expect(clockMinutes(text)).toBeNull();
  });
});

describe('classBusyTimes', () => {
  it('makes one busy time per day letter (R Thursday, U Sunday)', () => {
    expect(classBusyTimes([{ days: ['M', 'W', 'F'], begin: '10:40 AM', end: '11:30 AM' }])).toEqual(
      [1, 3, 5].map((day) => ({ day, start: at(10, 40), end: at(11, 30) })),
    );
    expect(classBusyTimes([{ days: ['R', 'U'], begin: '1:55 PM', end: '3:50 PM' }]).map((b) => b.day)).toEqual([4, 0]);
  });

  it('keeps no one busy for a section without times (online, or not published)', () => {
    expect(classBusyTimes([])).toEqual([]);
    expect(classBusyTimes([{ days: [], begin: '', end: '' }])).toEqual([]);
    expect(classBusyTimes([{ days: ['T'], begin: 'TBA', end: 'TBA' }])).toEqual([]);
    expect(classBusyTimes([{ days: ['X', ' '], begin: '9:35 AM', end: '10:25 AM' }])).toEqual([]);
  });

  it('runs a meeting that ends before it begins past midnight', () => {
    expect(classBusyTimes([{ days: ['F'], begin: '10:00 PM', end: '1:00 AM' }])).toEqual([{ day: 5, start: at(22), end: at(25) }]);
  });

  it('turns a group meeting into a busy time of its length', () => {
    expect(meetingBusyTime('Tuesday', '19:30:00')).toEqual({ day: 2, start: at(19, 30), end: at(20, 30) });
    expect(meetingBusyTime('Saturday', '23:30:00', 90)).toEqual({ day: 6, start: at(23, 30), end: at(25) });
  });
});

describe('findTimes', () => {
  const ana: MemberSchedule<string> = {
    id: 'ana',
    busy: classBusyTimes([
      { days: ['M', 'W', 'F'], begin: '9:35 AM', end: '10:25 AM' },
      { days: ['T', 'R'], begin: '1:55 PM', end: '3:50 PM' },
    ]),
  };
  const ben: MemberSchedule<string> = {
    id: 'ben',
    busy: classBusyTimes([
      { days: ['M', 'W', 'F'], begin: '12:50 PM', end: '4:55 PM' },
      { days: ['T'], begin: '3:00 PM', end: '6:00 PM' },
    ]),
  };
  const cy: MemberSchedule<string> = { id: 'cy', busy: [meetingBusyTime('Thursday', '16:00:00', 120)] };

  it('proposes slots where everyone is free, avoiding every class and meeting', () => {
    const proposals = findTimes([ana, ben, cy]);
    expect(proposals).toHaveLength(5);
    for (const p of proposals) {
      expect(p.free).toEqual(['ana', 'ben', 'cy']);
      expect(p.busy).toEqual([]);
      for (const member of [ana, ben, cy]) for (const busy of member.busy) expect(overlaps(p, busy)).toBe(false);
    }
    // Weekdays first, inside everyone's hours (8 AM - 10 PM), an hour long, at most two a day and none overlapping.
    expect(proposals.every((p) => !['Saturday', 'Sunday'].includes(p.day))).toBe(true);
    expect(proposals.every((p) => p.start >= at(8) && p.end <= at(22) && p.end - p.start === 60)).toBe(true);
    for (const day of new Set(proposals.map((p) => p.day))) {
      const same = proposals.filter((p) => p.day === day);
      expect(same.length).toBeLessThanOrEqual(2);
      if (same.length === 2) expect(same[0].end <= same[1].start || same[1].end <= same[0].start).toBe(true);
    }
  });

  it('shows who is busy in each near miss when no slot suits everyone, never why', () => {
    // Busy every minute of the week but Monday 6-7 PM, when Ben's busy grid keeps him busy.
    const everywhereBut = (day: number, start: number, end: number): WeeklyInterval[] => [
      { day: 0, start: 0, end: day * 1440 + start },
      { day, start: end, end: (7 - day) * 1440 },
    ];
    const proposals = findTimes([
      { id: 'ana', busy: everywhereBut(1, at(18), at(19)) },
      { id: 'ben', busy: [...everywhereBut(1, at(18), at(19)), { day: 1, start: at(18), end: at(19) }] },
      { id: 'cy', busy: [] },
    ]);
    expect(proposals[0]).toEqual({ day: 'Monday', start: at(18), end: at(19), free: ['ana', 'cy'], busy: ['ben'], outsideTheirHours: [] });
    // Each proposal says only when, and who is free or busy.
    expect(Object.keys(proposals[0]).sort()).toEqual(['busy', 'day', 'end', 'free', 'outsideTheirHours', 'start']);
    expect(proposals.slice(1).map((p) => p.free)).toEqual([['cy'], ['cy'], ['cy'], ['cy']]);
  });

  it('counts a member with no schedule as free whenever they prefer', () => {
    const proposals = findTimes([{ id: 'new', busy: [] }], { count: 3 });
    expect(proposals.map((p) => p.free)).toEqual([['new'], ['new'], ['new']]);
    expect(proposals.every((p) => p.start >= at(8) && p.end <= at(22))).toBe(true);
  });

  it('prefers the hours members set, and names those a slot falls outside of', () => {
    const owl: MemberSchedule<string> = { id: 'owl', busy: [], preferred: { start: at(20), end: at(24) } };
    const lark: MemberSchedule<string> = { id: 'lark', busy: [], preferred: { start: at(6), end: at(21) } };
    const [best] = findTimes([owl, lark]);
    // 8-9 PM suits both.
    expect(best).toMatchObject({ start: at(20), end: at(21), free: ['owl', 'lark'], outsideTheirHours: [] });
    // With 8-9 PM taken every day, a slot suits one of them at most, and says whose hours it leaves.
    const busyEvening = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: at(20), end: at(21) }));
    const next = findTimes([{ ...owl, busy: busyEvening }, lark]);
    expect(next[0].free).toEqual(['owl', 'lark']);
    expect(next[0].outsideTheirHours).toHaveLength(1);
    // Never a slot outside everyone's hours.
    expect(next.every((p) => p.start >= at(6))).toBe(true);
  });

  it('treats busy times across midnight as the next day’s, Saturday night into Sunday', () => {
    const early = { start: 0, end: at(2) };
    const saturdayNight: MemberSchedule<string> = { id: 'a', busy: [{ day: 6, start: at(23), end: at(26) }], preferred: early };
    const proposals = findTimes([saturdayNight], { count: 14 });
    // One a day (12:30-1:30 AM, the middle of their hours; the others overlap it).
    expect(proposals.map((p) => p.day).sort()).toEqual(['Friday', 'Monday', 'Saturday', 'Sunday', 'Thursday', 'Tuesday', 'Wednesday']);
    for (const p of proposals) expect(p.busy.includes('a')).toBe(p.day === 'Sunday');
    // Friday night into Saturday, likewise: busy until 1 AM only.
    const fridayNight: MemberSchedule<string> = { id: 'b', busy: [{ day: 5, start: at(23), end: at(25) }], preferred: early };
    for (const p of findTimes([fridayNight], { count: 14 })) expect(p.busy.includes('b')).toBe(p.day === 'Saturday' && p.start < at(1));
  });

  it('answers nothing for a group without members or when no proposal is asked for', () => {
    expect(findTimes([])).toEqual([]);
    expect(findTimes([ana], { count: 0 })).toEqual([]);
  });
});
