// Find a time over HTTP, on the embedded default and on Postgres + Redis, with
// the shipped snapshot's real Fall 2025 sections: three students of EEE5317C,
// whose lectures overlap and whose labs differ, in one group. Every proposal
// avoids their classes, their busy grids and their other groups' meetings; a
// student outside the group is refused and learns nothing; bad input is 400;
// the answer never says which class or group keeps someone busy.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INFRA } from '@adapters/container';
import { SHIPPED_CATALOG } from '@adapters/catalog/catalog-file-reader';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

type Student = 'ana' | 'ben' | 'carla' | 'dev' | 'outsider';
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface Slot {
  day: string;
  start: string;
  end: string;
}
interface Proposal extends Slot {
  free: number[];
  busy: number[];
  outsideTheirHours: number[];
}

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const overlaps = (a: Slot, b: Slot) => a.day === b.day && minutes(a.start) < minutes(b.end) && minutes(b.start) < minutes(a.end);
const slot = (day: string, start: string, end: string): Slot => ({ day, start, end });

// Their sections in the shipped snapshot (UF's Fall 2025 times), and the class times each brings.
const LECTURE = [slot('Tuesday', '13:55', '14:45'), slot('Thursday', '13:55', '15:50')];
const SECTIONS: Record<'ana' | 'ben' | 'carla', { classNumbers: number[]; classes: Slot[] }> = {
  // EEE5317C section 1 (lab Monday 6:15-8:10 PM) and CAI6307 (Tuesday 4:05-7:05 PM).
  ana: { classNumbers: [11225, 26564], classes: [...LECTURE, slot('Monday', '18:15', '20:10'), slot('Tuesday', '16:05', '19:05')] },
  // Section 2: lab Friday 8:30-10:25 AM.
  ben: { classNumbers: [11226], classes: [...LECTURE, slot('Friday', '08:30', '10:25')] },
  // Section 3: lab Thursday 8:30-10:25 AM.
  carla: { classNumbers: [22586], classes: [...LECTURE, slot('Thursday', '08:30', '10:25')] },
};
const TELLTALES = [
  'EEE5317C',
  'EEE 5317C',
  'CAI6307',
  '11225',
  '11226',
  '22586',
  '26564',
  'Microelectronic',
  'NEB',
  'LAR',
  'course',
  'section',
  'class',
];

function findATimeSuite(app: TestApp) {
  const sessions = {} as Record<Student, HttpSession>;
  const ids = {} as Record<Student, number>;
  let courseId: number;

  beforeAll(async () => {
    for (const who of ['ana', 'ben', 'carla', 'dev', 'outsider'] as const) {
      sessions[who] = new HttpSession(app.url);
      ids[who] = (await sessions[who].signUp(newStudent({ firstName: who }))).body.user.id;
    }
    for (const who of ['ana', 'ben', 'carla'] as const) {
      const added = await sessions[who].post('/api/insert-course-members/', {
        term: 'Fall 2025',
        classNumbers: SECTIONS[who].classNumbers,
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
    }
    const found = await sessions.ana.post('/api/filter-courses/', { courseCode: 'EEE5317C', term: 'Fall 2025' });
    courseId = found.body.courses[0].id;
    // Dev is in the course without a section, and in a Spring 2025 section (another term: it keeps no one busy this fall).
    expect((await sessions.dev.post('/api/insert-course-member/', { courseID: courseId })).status).toBe(200);
    expect((await sessions.dev.post('/api/insert-course-members/', { term: 'Spring 2025', classNumbers: [10101] })).status).toBe(200);
    expect((await sessions.outsider.post('/api/insert-course-member/', { courseID: courseId })).status).toBe(200);
  });

  beforeEach(async () => {
    await app.server.resolve(INFRA.Knex)('study_group_creations').delete();
    for (const who of ['ana', 'ben', 'carla'] as const) await sessions[who].post('/api/update-busy-times/', { busy: [] });
  });

  async function groupOf(owner: Student, ...members: Student[]): Promise<number> {
    const created = await sessions[owner].post('/api/insert-study-group/', {
      courseID: courseId,
      name: 'Find a time',
      description: 'Weekly review',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    for (const who of members)
      expect((await sessions[who].post('/api/insert-study-group-member/', { studyGroupID: created.body.id })).status).toBe(200);
    return created.body.id;
  }

  const findATime = async (who: Student, groupId: number, query = '') => {
    const res = await sessions[who].get(`/api/study-group/${groupId}/find-a-time/${query}`);
    return res;
  };
  const proposalsOf = async (who: Student, groupId: number, query = ''): Promise<Proposal[]> => {
    const res = await findATime(who, groupId, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.proposals;
  };

  it('proposes slots all three are free for, none overlapping any of their classes, and says nothing of why', async () => {
    const groupId = await groupOf('ana', 'ben', 'carla');
    const res = await findATime('carla', groupId, '?length=60');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ studyGroupID: groupId, length: 60, unknownSchedules: [] });
    const proposals: Proposal[] = res.body.proposals;
    expect(proposals).toHaveLength(5);
    for (const p of proposals) {
      expect(minutes(p.end) - minutes(p.start)).toBe(60);
      expect(p.busy).toEqual([]);
      expect([...p.free].sort()).toEqual([ids.ana, ids.ben, ids.carla].sort());
      for (const who of ['ana', 'ben', 'carla'] as const)
        for (const c of SECTIONS[who].classes)
          expect(overlaps(p, c), `${JSON.stringify(p)} against ${who}'s ${JSON.stringify(c)}`).toBe(false);
    }
    const text = JSON.stringify(res.body);
    for (const telltale of TELLTALES) expect(text).not.toContain(telltale);
  });

  it("counts a member's busy grid: the best slot taken by it is proposed no more with everyone free", async () => {
    const groupId = await groupOf('ana', 'ben', 'carla');
    const [best] = await proposalsOf('ana', groupId, '?length=90');
    const day = DAYS.indexOf(best.day);
    const saved = await sessions.ben.post('/api/update-busy-times/', {
      busy: [{ day, start: best.start, end: best.end }],
      preferredStart: '09:00',
      preferredEnd: '21:00',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ busy: [{ day, start: best.start, end: best.end }], preferredStart: '09:00', preferredEnd: '21:00' });
    expect((await sessions.ben.get('/api/busy-times/')).body).toEqual(saved.body);
    const after = await proposalsOf('ana', groupId, '?length=90');
    for (const p of after) {
      if (overlaps(p, best)) expect(p.busy).toEqual([ids.ben]);
      else expect(p.busy).toEqual([]);
    }
    expect(after[0].busy).toEqual([]);
    expect(overlaps(after[0], best)).toBe(false);
  });

  it("avoids a member's other group's weekly meeting (an hour), without naming that group", async () => {
    const groupId = await groupOf('ana', 'ben', 'carla');
    const [best] = await proposalsOf('carla', groupId);
    // Ben owns another group of the course, meeting at the best slot's start.
    const other = await groupOf('ben');
    const meeting = await sessions.ben.post('/api/insert-study-group-meeting/', {
      studyGroupID: other,
      day: best.day,
      time: best.start,
      location: 'Marston Library',
    });
    expect(meeting.status).toBe(201);
    const res = await findATime('carla', groupId);
    const after: Proposal[] = res.body.proposals;
    const taken = slot(
      best.day,
      best.start,
      `${String(Math.floor((minutes(best.start) + 60) / 60)).padStart(2, '0')}:${best.start.slice(3)}`,
    );
    for (const p of after) if (overlaps(p, taken)) expect(p.busy).toEqual([ids.ben]);
    expect(after[0].busy).toEqual([]);
    expect(JSON.stringify(res.body)).not.toContain('Marston');
  });

  it('names a member with no class times, no other meetings and no busy grid (a section of another term does not count)', async () => {
    const groupId = await groupOf('ana', 'dev');
    const res = await findATime('dev', groupId);
    expect(res.status).toBe(200);
    expect(res.body.unknownSchedules).toEqual([ids.dev]);
  });

  it('refuses a student outside the group (403) and an unknown group (404), and tells them nothing', async () => {
    const groupId = await groupOf('ana', 'ben');
    const refused = await findATime('outsider', groupId);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'NOT_GROUP_MEMBER', message: expect.any(String) });
    expect(Object.keys(refused.body).sort()).toEqual(['error', 'message', 'requestId']);
    expect((await findATime('carla', groupId)).status).toBe(403);
    const unknown = await findATime('ana', 2_000_000_000);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('STUDY_GROUP_NOT_FOUND');
    expect((await new HttpSession(app.url).get(`/api/study-group/${groupId}/find-a-time/`)).status).toBe(401);
  });

  it.each(['?length=20', '?length=200', '?length=50', '?length=abc', '?length=-30', '?length=60&length=90'])(
    'refuses the length %s with 400 VALIDATION_FAILED',
    async (query) => {
      const groupId = await groupOf('ana', 'ben');
      const res = await findATime('ana', groupId, query);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('VALIDATION_FAILED');
    },
  );

  it('refuses a busy grid that breaks a rule with 400 VALIDATION_FAILED, keeping the grid saved before', async () => {
    const good = { busy: [{ day: 2, start: '09:00', end: '10:00' }], preferredStart: '10:00', preferredEnd: '20:00' };
    expect((await sessions.ana.post('/api/update-busy-times/', good)).status).toBe(200);
    for (const bad of [
      { busy: [{ day: 7, start: '09:00', end: '10:00' }] },
      { busy: [{ day: 1, start: '09:03', end: '10:00' }] },
      { busy: [{ day: 1, start: '11:00', end: '10:00' }] },
      { busy: [{ day: 1, start: '9am', end: '10:00' }] },
      { busy: Array.from({ length: 51 }, () => ({ day: 1, start: '09:00', end: '09:05' })) },
      { busy: [], preferredStart: '10:00', preferredEnd: '11:00' },
      { busy: [], preferredStart: '20:00', preferredEnd: '10:00' },
      { busy: 'all week' },
      {},
    ]) {
      const res = await sessions.ana.post('/api/update-busy-times/', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error).toBe('VALIDATION_FAILED');
      expect(typeof res.body.message).toBe('string');
    }
    expect((await sessions.ana.get('/api/busy-times/')).body).toEqual(good);
  });

  it('answers a student who never saved a grid with none and the default hours, 8 AM to 10 PM', async () => {
    expect((await sessions.outsider.get('/api/busy-times/')).body).toEqual({ busy: [], preferredStart: '08:00', preferredEnd: '22:00' });
  });
}

describe('Find a time', () => {
  describeOnEveryMode('find a time API', findATimeSuite, { catalog: true, env: { CATALOG_FILE: SHIPPED_CATALOG } });
});
