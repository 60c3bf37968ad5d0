// `npm run bench:find-a-time`: "Find a time" (domain/study-group/find-a-time.ts)
// for a group of 30 members, each in 6 real sections of the shared UF data
// (their class meetings as UF lists them), 2 other groups' weekly meetings
// and a busy grid of 5 stretches, beside the same for a group of 3, in one
// run, alternating. Each proposal starts from the members' raw schedules
// (parsing UF's times included), as the group page's call will. Prints p50
// and p95 of each; target: the 30-member proposal's p95 under 50 ms.
// Short check: BENCH_RUNS=50 npm run bench:find-a-time
import { performance } from 'node:perf_hooks';
import type { MeetTime } from '@domain/course/course';
import { classBusyTimes, findTimes, meetingBusyTime, type MemberSchedule, type WeeklyInterval } from '@domain/study-group/find-a-time';
import { WEEKDAYS } from '@domain/study-group/meeting-rules';
import { missingUfSocData, ufSocCourses } from '@tests/support/uf-soc-data';
import { percentile } from './long-poll-load';
import { pick, random } from './search-catalog';

const RUNS = Number(process.env.BENCH_RUNS ?? 1_000);
const TARGET_MS = 50;

interface RawSchedule {
  id: number;
  sections: Pick<MeetTime, 'days' | 'begin' | 'end'>[][];
  groupMeetings: { day: (typeof WEEKDAYS)[number]; time: string }[];
  grid: WeeklyInterval[];
}

function realSections(): Pick<MeetTime, 'days' | 'begin' | 'end'>[][] {
  const sections = ['2258', '2251'].flatMap((term) =>
    ufSocCourses(term).flatMap((course) => (course.sections as { meetTimes?: Record<string, unknown>[] }[] | undefined) ?? []),
  );
  return sections
    .map((s) =>
      (s.meetTimes ?? []).map((m) => ({ days: m.meetDays as string[], begin: String(m.meetTimeBegin), end: String(m.meetTimeEnd) })),
    )
    .filter((meetings) => meetings.length > 0);
}

function members(count: number, sections: Pick<MeetTime, 'days' | 'begin' | 'end'>[][]): RawSchedule[] {
  return Array.from({ length: count }, (_, id) => ({
    id,
    sections: Array.from({ length: 6 }, () => pick(sections)),
    groupMeetings: Array.from({ length: 2 }, () => ({
      day: pick(WEEKDAYS),
      time: `${String(8 + Math.floor(random() * 13)).padStart(2, '0')}:${pick(['00', '30'])}:00`,
    })),
    grid: Array.from({ length: 5 }, () => {
      const start = (6 + Math.floor(random() * 16)) * 60;
      return { day: Math.floor(random() * 7), start, end: start + 60 * (1 + Math.floor(random() * 3)) };
    }),
  }));
}

function propose(raw: RawSchedule[]) {
  const schedules: MemberSchedule<number>[] = raw.map((m) => ({
    id: m.id,
    busy: [...m.sections.flatMap(classBusyTimes), ...m.groupMeetings.map((g) => meetingBusyTime(g.day, g.time)), ...m.grid],
  }));
  return findTimes(schedules);
}

function main() {
  const missing = missingUfSocData('2258') ?? missingUfSocData('2251');
  if (missing) throw new Error(`The benchmark takes its class meetings from the shared UF data, and ${missing}`);
  const sections = realSections();
  const big = members(30, sections);
  const small = members(3, sections);
  for (let i = 0; i < 50; i++) propose(i % 2 ? big : small);
  const times = { big: [] as number[], small: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    for (const [name, group] of [
      ['big', big],
      ['small', small],
    ] as const) {
      const t = performance.now();
      propose(group);
      times[name].push(performance.now() - t);
    }
  }
  const fmt = (n: number) => n.toFixed(2).padStart(8);
  const sorted = (ms: number[]) => [...ms].sort((a, b) => a - b);
  console.log(`Find a time: ${RUNS} proposals each, from ${sections.length} real sections with meetings (6 per member)\n`);
  console.log('group                          p50 ms    p95 ms');
  console.log(`3 members                    ${fmt(percentile(sorted(times.small), 50))}  ${fmt(percentile(sorted(times.small), 95))}`);
  const p95 = percentile(sorted(times.big), 95);
  console.log(`30 members                   ${fmt(percentile(sorted(times.big), 50))}  ${fmt(p95)}`);
  const [example] = propose(big);
  console.log(`\nbest slot for the 30: ${example.day} ${example.start / 60}h, ${example.free.length} free, ${example.busy.length} busy`);
  console.log(`p95 target ${TARGET_MS} ms for 30 members: ${p95 < TARGET_MS ? 'met' : 'NOT met'}`);
  if (p95 >= TARGET_MS) process.exitCode = 1;
}

main();
