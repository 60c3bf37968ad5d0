// "Find a time" (issue 25): the best weekly slots for a study group, from
// what keeps each member busy (their class meetings, their other groups'
// meetings and the weekly busy grid they keep on their profile) and the
// hours each prefers. Pure: the caller gathers each member's busy times; a
// proposal says only who is free and who is busy in each slot, never why,
// so a classmate's classes stay their own.
import type { MeetTime } from '@domain/course/course';
import { WEEKDAYS, type Weekday } from './meeting-rules';

const DAY_MINUTES = 24 * 60;
const WEEK_MINUTES = 7 * DAY_MINUTES;
/** Every time of the week is counted in cells this long: every UF meeting starts and ends on one. */
const CELL = 5;
const CELLS = WEEK_MINUTES / CELL;

/**
 * A weekly stretch of time: a day (0 Sunday .. 6 Saturday, as WEEKDAYS) and
 * minutes since that day's midnight. `end` past 1440 runs into the next day
 * (Saturday's into Sunday).
 */
export interface WeeklyInterval {
  day: number;
  start: number;
  end: number;
}

/** The hours of the day a student would rather meet in, in minutes since midnight. */
export interface PreferredHours {
  start: number;
  end: number;
}

/** 8 AM to 10 PM. */
export const DEFAULT_PREFERRED_HOURS: PreferredHours = { start: 8 * 60, end: 22 * 60 };

export interface MemberSchedule<Id> {
  id: Id;
  busy: WeeklyInterval[];
  /** Their own hours; absent: DEFAULT_PREFERRED_HOURS. */
  preferred?: PreferredHours;
}

export interface FindTimeOptions {
  /** How long the meeting is, in minutes (a multiple of 5, up to 6 hours): 60 by default. */
  length?: number;
  /** Slots start on these minute marks: every 30 minutes by default. */
  step?: number;
  /** How many proposals at most: 5 by default. */
  count?: number;
}

export interface SlotProposal<Id> {
  day: Weekday;
  /** Minutes since midnight. */
  start: number;
  /** Minutes since midnight (past 1440: the next day). */
  end: number;
  /** Members free for the whole slot, in the order given. */
  free: Id[];
  /** Members busy for some of it (never why). */
  busy: Id[];
  /** Free members for whom the slot falls outside the hours they prefer. */
  outsideTheirHours: Id[];
}

const DAY_LETTERS: Record<string, number> = { U: 0, M: 1, T: 2, W: 3, R: 4, F: 5, S: 6 };
const CLOCK = /^(\d{1,2}):(\d{2})\s*([AP])\.?M\.?$/i;

/** "1:55 PM" as minutes since midnight (835); null for anything else. */
export function clockMinutes(text: string): number | null {
  const match = CLOCK.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours < 1 || hours > 12 || minutes > 59) return null;
  return ((hours % 12) + (match[3].toUpperCase() === 'P' ? 12 : 0)) * 60 + minutes;
}

/**
 * A section's class meetings as weekly busy times: one per day letter
 * (M T W R F S U). A meeting without days or readable times (an online
 * section, times UF did not publish) keeps no one busy. A meeting ending
 * before it begins runs past midnight.
 */
export function classBusyTimes(meetTimes: Pick<MeetTime, 'days' | 'begin' | 'end'>[]): WeeklyInterval[] {
  const intervals: WeeklyInterval[] = [];
  for (const meeting of meetTimes) {
    const start = clockMinutes(meeting.begin);
    const end = clockMinutes(meeting.end);
    if (start === null || end === null || start === end) continue;
    for (const letter of meeting.days) {
      const day = DAY_LETTERS[letter.trim().toUpperCase()];
      if (day !== undefined) intervals.push({ day, start, end: end > start ? end : end + DAY_MINUTES });
    }
  }
  return intervals;
}

/** A group's weekly meeting ("Tuesday", "19:30:00") as a busy time of `length` minutes. */
export function meetingBusyTime(day: Weekday, time: string, length = 60): WeeklyInterval {
  const [hours, minutes] = time.split(':').map(Number);
  const start = hours * 60 + minutes;
  return { day: WEEKDAYS.indexOf(day), start, end: start + length };
}

/** Cell i is busy when marks[i] is 1; counts[i] is how many of cells 0..i-1 are: a stretch is free when its count is 0. */
function busyCounts(busy: WeeklyInterval[]): Uint16Array {
  const marks = new Uint8Array(CELLS);
  for (const { day, start, end } of busy) {
    if (!(day >= 0 && day <= 6) || !(end > start)) continue;
    const from = Math.floor((day * DAY_MINUTES + Math.max(0, start)) / CELL);
    const to = Math.ceil((day * DAY_MINUTES + Math.min(end, start + WEEK_MINUTES)) / CELL);
    // Past Saturday's midnight is Sunday's morning: the week wraps.
    for (let cell = from; cell < to; cell++) marks[cell % CELLS] = 1;
  }
  const counts = new Uint16Array(CELLS * 2 + 1);
  // Twice round the week, so that a slot crossing Saturday midnight reads as one stretch.
  for (let i = 0; i < CELLS * 2; i++) counts[i + 1] = counts[i] + marks[i % CELLS];
  return counts;
}

function within(hours: PreferredHours, start: number, end: number): boolean {
  return start >= hours.start && end <= hours.end;
}

/**
 * The best weekly slots of `length` minutes for the group, best first: the
 * most members free (all of them first), then the most of those within
 * their preferred hours; among equals, weekdays before the weekend and the
 * slot nearest the middle of the members' preferred hours. A slot outside
 * every member's preferred hours is never proposed, nor one that overlaps a
 * better proposal; at most two proposals share a day. A member with no
 * busy times at all is free whenever they prefer.
 */
export function findTimes<Id>(members: MemberSchedule<Id>[], options: FindTimeOptions = {}): SlotProposal<Id>[] {
  const length = Math.min(Math.max(CELL, Math.round((options.length ?? 60) / CELL) * CELL), 6 * 60);
  const step = Math.max(CELL, Math.round((options.step ?? 30) / CELL) * CELL);
  const count = Math.max(0, options.count ?? 5);
  if (members.length === 0 || count === 0) return [];
  const schedules = members.map((m) => ({ id: m.id, counts: busyCounts(m.busy), hours: m.preferred ?? DEFAULT_PREFERRED_HOURS }));
  const middle = schedules.reduce((sum, s) => sum + (s.hours.start + s.hours.end) / 2, 0) / schedules.length;

  interface Candidate {
    day: number;
    start: number;
    free: number[];
    preferred: number;
  }
  const candidates: Candidate[] = [];
  const cells = length / CELL;
  for (let day = 0; day < 7; day++) {
    for (let start = 0; start + length <= DAY_MINUTES; start += step) {
      const end = start + length;
      if (!schedules.some((s) => within(s.hours, start, end))) continue;
      const first = (day * DAY_MINUTES + start) / CELL;
      const free: number[] = [];
      let preferred = 0;
      schedules.forEach((s, index) => {
        if (s.counts[first + cells] - s.counts[first] !== 0) return;
        free.push(index);
        if (within(s.hours, start, end)) preferred += 1;
      });
      candidates.push({ day, start, free, preferred });
    }
  }
  const weekend = (day: number) => (day === 0 || day === 6 ? 1 : 0);
  const distance = (c: Candidate) => Math.abs(c.start + length / 2 - middle);
  candidates.sort(
    (a, b) =>
      b.free.length - a.free.length ||
      b.preferred - a.preferred ||
      weekend(a.day) - weekend(b.day) ||
      distance(a) - distance(b) ||
      a.day - b.day ||
      a.start - b.start,
  );

  const picked: Candidate[] = [];
  for (const candidate of candidates) {
    if (picked.length === count) break;
    const sameDay = picked.filter((p) => p.day === candidate.day);
    if (sameDay.length >= 2) continue;
    if (sameDay.some((p) => candidate.start < p.start + length && p.start < candidate.start + length)) continue;
    picked.push(candidate);
  }
  return picked.map((c) => {
    const free = new Set(c.free);
    return {
      day: WEEKDAYS[c.day],
      start: c.start,
      end: c.start + length,
      free: c.free.map((i) => schedules[i].id),
      busy: schedules.filter((_, i) => !free.has(i)).map((s) => s.id),
      outsideTheirHours: c.free.filter((i) => !within(schedules[i].hours, c.start, c.start + length)).map((i) => schedules[i].id),
    };
  });
}
