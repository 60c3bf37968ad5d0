// The limits on what one student's groups and sections may grow to, over HTTP
// on both run modes: at each limit the call is allowed, one past it is refused
// with its code and nothing written, and a parallel burst cannot get past it.
// Long runs of groups and memberships are seeded straight into the database
// (as the app writes them); the calls at and past each limit go through HTTP.
import type { Knex } from 'knex';
import { beforeAll, describe, expect, it } from 'vitest';
import { INFRA } from '@adapters/container';
import { TOKENS } from '@application/ports/tokens';
import { SECTIONS_PER_TERM } from '@domain/course/section-quota';
import { GROUP_QUOTAS } from '@domain/study-group/group-quotas';
import { HttpSession, newStudent, type ApiResponse } from '@tests/support/http-session';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

interface Student {
  session: HttpSession;
  id: number;
}

interface Section {
  id: number;
  class_number: number;
}

const statuses = (answers: ApiResponse[]) => answers.map((a) => a.status).sort();

function limitsSuite(app: TestApp) {
  const db = (): Knex => app.server.resolve(INFRA.Knex);
  let fall: Section[];
  let springId: number;
  let seeded = 0;

  async function student(): Promise<Student> {
    const session = new HttpSession(app.url);
    const res = await session.signUp(newStudent());
    expect(res.body.isAuthenticated).toBe(true);
    return { session, id: res.body.user.id };
  }

  /** Accounts made straight through the repository (no sign-up, no session): members to fill groups with. */
  async function seedStudents(count: number): Promise<number[]> {
    const users = app.server.resolve(TOKENS.UserRepository);
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      seeded += 1;
      const username = `seed${seeded}_${process.pid}`;
      const result = await users.create({
        firstName: 'Seed',
        lastName: 'Gator',
        username,
        email: `${username}@ufl.edu`,
        major: '',
        year: '1',
        bio: '',
        passwordHash: 'x',
      });
      if (!result.created) throw new Error('seed user not created');
      ids.push(result.user.id);
    }
    return ids;
  }

  /** Groups owned by `ownerId` in the course, as the app stores them (the owner its first member). */
  async function seedGroups(ownerId: number, courseId: number, count: number): Promise<number[]> {
    const course = await courseOf(courseId);
    const rows = Array.from({ length: count }, (_, i) => ({
      course_id: course,
      owner_id: ownerId,
      name: `Seeded ${i}`,
      description: 'Seeded',
      is_public: true,
    }));
    const ids = (await db()('study_groups').insert(rows).returning('id')).map((row: { id: number }) => row.id);
    await db()('study_group_members').insert(ids.map((id) => ({ study_group_id: id, user_id: ownerId })));
    return ids;
  }

  /** The course a section belongs to (groups belong to the course). */
  const courseOf = async (sectionId: number): Promise<number> =>
    (await db()('courses').where({ id: sectionId }).first('course_group_id')).course_group_id;
  const groupCount = async (column: 'owner_id' | 'course_id', value: number) =>
    Number(
      (await db()('study_groups')
        .where(column, column === 'course_id' ? await courseOf(value) : value)
        .count({ n: '*' })
        .first())!.n,
    );
  const sectionCount = async (userId: number) =>
    Number((await db()('section_members').where('user_id', userId).count({ n: '*' }).first())!.n);

  const join = (who: Student, courseId: number) => who.session.post('/api/insert-course-member/', { courseID: courseId });
  const create = (who: Student, courseId: number, name = 'Study group') =>
    who.session.post('/api/insert-study-group/', { courseID: courseId, name, description: 'Weekly sets' });
  const joinGroup = (who: Student, groupId: number) => who.session.post('/api/insert-study-group-member/', { studyGroupID: groupId });
  const addMeeting = (who: Student, groupId: number, location = 'Library West') =>
    who.session.post('/api/insert-study-group-meeting/', { studyGroupID: groupId, day: 'Monday', time: '18:30', location });

  beforeAll(async () => {
    // One section of each of as many courses (a course's groups are its sections' groups).
    fall = await db()('courses')
      .distinctOn('course_group_id')
      .where('term', 'Fall 2025')
      .whereNull('withdrawn_at')
      .orderBy([{ column: 'course_group_id' }, { column: 'id' }])
      .limit(SECTIONS_PER_TERM + 6)
      .select('id', 'class_number');
    expect(fall.length).toBe(SECTIONS_PER_TERM + 6);
    springId = (await db()('courses').where('term', 'Spring 2025').whereNull('withdrawn_at').orderBy('id').first('id')).id;
  });

  describe('sections per term', () => {
    it(`joins ${SECTIONS_PER_TERM} sections of a term and refuses the next with TOO_MANY_SECTIONS`, async () => {
      const s = await student();
      for (const section of fall.slice(0, SECTIONS_PER_TERM)) expect((await join(s, section.id)).status).toBe(200);
      const refused = await join(s, fall[SECTIONS_PER_TERM].id);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        error: 'TOO_MANY_SECTIONS',
        message: `You can be in at most ${SECTIONS_PER_TERM} sections in Fall 2025; you are in ${SECTIONS_PER_TERM}. Leave one to join another.`,
      });
      expect(await sectionCount(s.id)).toBe(SECTIONS_PER_TERM);
      expect((await s.session.get(`/api/course/${fall[SECTIONS_PER_TERM].id}/`)).body.isMember).toBe(false);
      // Joining one again changes nothing and is not refused; another term has room of its own.
      expect((await join(s, fall[0].id)).status).toBe(200);
      expect((await join(s, springId)).status).toBe(200);
      // Leaving one makes room.
      expect((await s.session.post('/api/delete-course-member/', { courseID: fall[0].id })).status).toBe(200);
      expect((await join(s, fall[SECTIONS_PER_TERM].id)).status).toBe(200);
    });

    it('Add my classes joins all of the numbers or none', async () => {
      const s = await student();
      const add = (sections: Section[]) =>
        s.session.post('/api/insert-course-members/', { term: 'Fall 2025', classNumbers: sections.map((c) => c.class_number) });
      const first = await add(fall.slice(0, SECTIONS_PER_TERM - 2));
      expect(first.status).toBe(200);
      expect(first.body.results.every((r: { result: string }) => r.result === 'joined')).toBe(true);
      // Three more would make 13: none is joined.
      const tooMany = await add(fall.slice(SECTIONS_PER_TERM - 2, SECTIONS_PER_TERM + 1));
      expect(tooMany.status).toBe(409);
      expect(tooMany.body).toMatchObject({ error: 'TOO_MANY_SECTIONS', message: expect.stringContaining('You can join 2 more.') });
      expect(await sectionCount(s.id)).toBe(SECTIONS_PER_TERM - 2);
      // Sections already joined do not count again; two new ones fit exactly.
      const fits = await add([fall[0], ...fall.slice(SECTIONS_PER_TERM - 2, SECTIONS_PER_TERM)]);
      expect(fits.status).toBe(200);
      expect(fits.body.results.map((r: { result: string }) => r.result)).toEqual(['already-member', 'joined', 'joined']);
      // Its sections and their courses (one id space): a section of each of 12 courses.
      expect(fits.body.user_courses_ids).toHaveLength(2 * SECTIONS_PER_TERM);
      expect((await add([fall[SECTIONS_PER_TERM]])).body).toMatchObject({ error: 'TOO_MANY_SECTIONS' });
      expect((await add([fall[1]])).body.results[0].result).toBe('already-member');
    });

    it('lets no parallel burst of joins past the limit', async () => {
      const s = await student();
      const answers = await Promise.all(fall.slice(0, SECTIONS_PER_TERM + 4).map((section) => join(s, section.id)));
      expect(statuses(answers)).toEqual([...Array(SECTIONS_PER_TERM).fill(200), ...Array(4).fill(409)]);
      expect(await sectionCount(s.id)).toBe(SECTIONS_PER_TERM);
    });
  });

  describe('groups a student starts', () => {
    it(`starts ${GROUP_QUOTAS.createdPerCoursePerDay} groups in a course in a day, then answers 429 with Retry-After`, async () => {
      const s = await student();
      await join(s, fall[0].id);
      await join(s, fall[1].id);
      const made: number[] = [];
      for (let i = 0; i < GROUP_QUOTAS.createdPerCoursePerDay; i += 1) {
        const res = await create(s, fall[0].id, `Group ${i}`);
        expect(res.status).toBe(201);
        made.push(res.body.id);
      }
      const refused = await create(s, fall[0].id, 'One too many');
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        error: 'RATE_LIMITED',
        message: 'You can start at most 5 study groups in a course a day. Try again in 24 hours.',
      });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(23 * 3600);
      expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
      expect(await groupCount('owner_id', s.id)).toBe(GROUP_QUOTAS.createdPerCoursePerDay);
      // A group deleted since still counts as started today; another course has its own count.
      expect((await s.session.post('/api/delete-study-group-member/', { studyGroupID: made[0] })).body.groupDeleted).toBe(true);
      expect((await create(s, fall[0].id)).status).toBe(429);
      expect((await create(s, fall[1].id)).status).toBe(201);
    });

    it(`owns at most ${GROUP_QUOTAS.owned} groups in all`, async () => {
      const s = await student();
      await join(s, fall[2].id);
      await seedGroups(s.id, fall[3].id, GROUP_QUOTAS.owned - 1);
      expect((await create(s, fall[2].id, 'The last one')).status).toBe(201);
      const refused = await create(s, fall[2].id, 'Past the limit');
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        error: 'TOO_MANY_OWNED_GROUPS',
        message: `You can own at most ${GROUP_QUOTAS.owned} study groups. Leave one you own to start another.`,
      });
      expect(await groupCount('owner_id', s.id)).toBe(GROUP_QUOTAS.owned);
    });

    it('lets no parallel burst of creations past the daily or the owned limit', async () => {
      const daily = await student();
      await join(daily, fall[4].id);
      const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => create(daily, fall[4].id, `Burst ${i}`)));
      expect(statuses(burst)).toEqual([...Array(5).fill(201), ...Array(3).fill(429)]);
      expect(await groupCount('owner_id', daily.id)).toBe(5);

      const owner = await student();
      await join(owner, fall[5].id);
      await seedGroups(owner.id, fall[3].id, GROUP_QUOTAS.owned - 3);
      const owned = await Promise.all(Array.from({ length: 5 }, (_, i) => create(owner, fall[5].id, `Burst ${i}`)));
      expect(statuses(owned)).toEqual([201, 201, 201, 409, 409]);
      expect(await groupCount('owner_id', owner.id)).toBe(GROUP_QUOTAS.owned);
    });
  });

  describe('groups a student is in', () => {
    let host: number;
    beforeAll(async () => {
      [host] = await seedStudents(1);
    });

    it(`joins up to ${GROUP_QUOTAS.joined} groups in all, then TOO_MANY_GROUPS for joining and starting`, async () => {
      const s = await student();
      await join(s, fall[6].id);
      const groups = await seedGroups(host, fall[6].id, GROUP_QUOTAS.joined + 1);
      await db()('study_group_members').insert(
        groups.slice(0, GROUP_QUOTAS.joined - 1).map((id) => ({ study_group_id: id, user_id: s.id })),
      );
      expect((await joinGroup(s, groups[GROUP_QUOTAS.joined - 1])).status).toBe(200);
      const refused = await joinGroup(s, groups[GROUP_QUOTAS.joined]);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        error: 'TOO_MANY_GROUPS',
        message: `You can be in at most ${GROUP_QUOTAS.joined} study groups. Leave one to join or start another.`,
      });
      const creating = await create(s, fall[6].id);
      expect(creating.status).toBe(409);
      expect(creating.body.error).toBe('TOO_MANY_GROUPS');
      expect(await groupCount('owner_id', s.id)).toBe(0);
      const page = (await s.session.get(`/api/course/${fall[6].id}/`)).body;
      expect(page.userStudyGroupIDs).toHaveLength(GROUP_QUOTAS.joined);
      // Leaving one makes room.
      await s.session.post('/api/delete-study-group-member/', { studyGroupID: groups[0] });
      expect((await joinGroup(s, groups[GROUP_QUOTAS.joined])).status).toBe(200);
    });

    it('lets no parallel burst of joins past it', async () => {
      const s = await student();
      await join(s, fall[7].id);
      const groups = await seedGroups(host, fall[7].id, GROUP_QUOTAS.joined + 3);
      await db()('study_group_members').insert(
        groups.slice(0, GROUP_QUOTAS.joined - 5).map((id) => ({ study_group_id: id, user_id: s.id })),
      );
      const answers = await Promise.all(groups.slice(GROUP_QUOTAS.joined - 5).map((id) => joinGroup(s, id)));
      expect(statuses(answers)).toEqual([...Array(5).fill(200), ...Array(3).fill(409)]);
      expect(Number((await db()('study_group_members').where('user_id', s.id).count({ n: '*' }).first())!.n)).toBe(GROUP_QUOTAS.joined);
    });
  });

  describe('meetings per group', () => {
    it(`schedules ${GROUP_QUOTAS.meetings} meetings and refuses the next with TOO_MANY_MEETINGS`, async () => {
      const owner = await student();
      await join(owner, fall[8].id);
      const groupId = (await create(owner, fall[8].id)).body.id;
      for (let i = 0; i < GROUP_QUOTAS.meetings; i += 1) expect((await addMeeting(owner, groupId, `Room ${i}`)).status).toBe(201);
      const refused = await addMeeting(owner, groupId, 'One too many');
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        error: 'TOO_MANY_MEETINGS',
        message: `A group can have at most ${GROUP_QUOTAS.meetings} weekly meetings. Delete one to add another.`,
      });
      const meetings = (await owner.session.get(`/api/study-group/${groupId}/`)).body.studyGroupMeetings;
      expect(meetings).toHaveLength(GROUP_QUOTAS.meetings);
      expect(JSON.stringify(meetings)).not.toContain('One too many');
      // Moving a meeting is not adding one; deleting one makes room.
      const moved = await owner.session.post('/api/update-study-group-meeting/', {
        studyGroupID: groupId,
        meetingID: meetings[0].id,
        day: 'Friday',
        time: '09:00',
        location: 'Moved',
      });
      expect(moved.status).toBe(200);
      await owner.session.post('/api/delete-study-group-meeting/', { studyGroupID: groupId, meetingID: meetings[0].id });
      expect((await addMeeting(owner, groupId)).status).toBe(201);
    });

    it('lets no parallel burst of meetings past it', async () => {
      const owner = await student();
      await join(owner, fall[9].id);
      const groupId = (await create(owner, fall[9].id)).body.id;
      const answers = await Promise.all(
        Array.from({ length: GROUP_QUOTAS.meetings + 5 }, (_, i) => addMeeting(owner, groupId, `Burst ${i}`)),
      );
      expect(statuses(answers)).toEqual([...Array(GROUP_QUOTAS.meetings).fill(201), ...Array(5).fill(409)]);
      expect(Number((await db()('meetings').where('study_group_id', groupId).count({ n: '*' }).first())!.n)).toBe(GROUP_QUOTAS.meetings);
    });
  });

  describe('members per group', () => {
    it('takes members up to the owner’s size limit, then answers GROUP_FULL', async () => {
      const [owner, a, b, c] = [await student(), await student(), await student(), await student()];
      for (const who of [owner, a, b, c]) await join(who, fall[10].id);
      const groupId = (await create(owner, fall[10].id)).body.id;
      const limited = await owner.session.post('/api/update-study-group/', {
        studyGroupID: groupId,
        name: 'Small',
        description: 'Three of us',
        maxMembers: 3,
      });
      expect(limited.status).toBe(200);
      expect(limited.body).toMatchObject({ maxMembers: 3, public: 1, name: 'Small' });
      expect((await joinGroup(a, groupId)).status).toBe(200);
      expect((await joinGroup(b, groupId)).status).toBe(200);
      const full = await joinGroup(c, groupId);
      expect(full.status).toBe(409);
      expect(full.body).toMatchObject({ error: 'GROUP_FULL', message: 'This group is full: it takes at most 3 members.' });
      const listed = (await c.session.get(`/api/course/${fall[10].id}/`)).body.courseStudyGroups.find(
        (g: { id: number }) => g.id === groupId,
      );
      expect(listed).toMatchObject({ size: 2, maxMembers: 3 });
      // The limit cannot go below the members there are, nor outside 2..the cap; nothing changes then.
      for (const [maxMembers, message] of [
        [2, 'This group already has 3 members: choose a size limit of at least 3.'],
        [1, 'Choose a size limit from 2 to 50 members.'],
        [GROUP_QUOTAS.members + 1, 'Choose a size limit from 2 to 50 members.'],
      ] as const) {
        const res = await owner.session.post('/api/update-study-group/', {
          studyGroupID: groupId,
          name: 'Renamed',
          description: 'x',
          maxMembers,
        });
        expect(res.status, String(maxMembers)).toBe(400);
        expect(res.body, String(maxMembers)).toMatchObject({ error: 'VALIDATION_FAILED', field: 'maxMembers', message });
      }
      expect(
        (
          await owner.session.post('/api/update-study-group/', {
            studyGroupID: groupId,
            name: 'Renamed',
            description: 'x',
            maxMembers: 2.5,
          })
        ).status,
      ).toBe(400);
      expect((await owner.session.get(`/api/study-group/${groupId}/`)).body.studyGroup).toMatchObject({
        name: 'Small',
        maxMembers: 3,
        size: 2,
      });
      // Left out, the limit stays; a member leaving makes room.
      expect(
        (await owner.session.post('/api/update-study-group/', { studyGroupID: groupId, name: 'Small', description: 'x' })).body.maxMembers,
      ).toBe(3);
      await a.session.post('/api/delete-study-group-member/', { studyGroupID: groupId });
      expect((await joinGroup(c, groupId)).status).toBe(200);
    });

    it(`holds ${GROUP_QUOTAS.members} members by default`, async () => {
      const [owner, last, late] = [await student(), await student(), await student()];
      for (const who of [owner, last, late]) await join(who, fall[11].id);
      const created = await create(owner, fall[11].id);
      expect(created.body.maxMembers).toBe(GROUP_QUOTAS.members);
      const others = await seedStudents(GROUP_QUOTAS.members - 2);
      await db()('study_group_members').insert(others.map((id) => ({ study_group_id: created.body.id, user_id: id })));
      expect((await joinGroup(last, created.body.id)).status).toBe(200);
      expect((await joinGroup(late, created.body.id)).body).toMatchObject({
        error: 'GROUP_FULL',
        message: `This group is full: it takes at most ${GROUP_QUOTAS.members} members.`,
      });
      expect((await owner.session.get(`/api/study-group/${created.body.id}/`)).body.studyGroup.members).toHaveLength(GROUP_QUOTAS.members);
    });

    it('lets no parallel burst of joins past the size limit', async () => {
      const owner = await student();
      const joiners = await Promise.all(Array.from({ length: 6 }, () => student()));
      for (const who of [owner, ...joiners]) await join(who, fall[12].id);
      const groupId = (await create(owner, fall[12].id)).body.id;
      await owner.session.post('/api/update-study-group/', { studyGroupID: groupId, name: 'Four', description: 'x', maxMembers: 4 });
      const answers = await Promise.all(joiners.map((who) => joinGroup(who, groupId)));
      expect(statuses(answers)).toEqual([200, 200, 200, 409, 409, 409]);
      expect((await owner.session.get(`/api/study-group/${groupId}/`)).body.studyGroup.members).toHaveLength(4);
    });
  });
}

describeOnEveryMode('group and section limits', limitsSuite, { catalog: true });
