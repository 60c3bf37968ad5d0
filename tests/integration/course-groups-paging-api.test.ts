// A course's groups a page at a time, over HTTP on both run modes: the course
// page carries the first page (the student's own groups first) and a cursor,
// GET /api/course/{id}/study-groups/?after= the pages after it until the
// cursor is null, with every group once, also while groups come and go
// between pages; outsiders are refused and a bad cursor is 400 JSON.
import { beforeAll, expect, it } from 'vitest';
import { TOKENS } from '@application/ports/tokens';
import { INFRA } from '@adapters/container';
import { insertStudyGroup } from '@tests/support/chat-fixtures';
import { HttpSession, newStudent, type ApiResponse } from '@tests/support/http-session';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';
import { weeklyPlan } from '@tests/support/meeting-plans';

/** Groups on a page (docs/api.md). */
const PAGE_SIZE = 20;
/** Groups others made in the course: the others fill two pages and part of a third. */
const OTHERS = 45;

interface WireGroup {
  id: number;
  name: string;
  members: { id: number }[];
  meetings: unknown[];
}

function courseGroupsPagingSuite(app: TestApp) {
  let viewer: HttpSession;
  let viewerId: number;
  let maker: HttpSession;
  let makerId: number;
  let outsider: HttpSession;
  let courseId: number;
  /** Every group of the course, as made. */
  const othersIds: number[] = [];
  /** The viewer's, most recently joined first. */
  let ownIds: number[];

  const coursePage = (who = viewer) => who.get(`/api/course/${courseId}/`);
  const nextPage = (after: string | undefined, who = viewer) =>
    who.get(`/api/course/${courseId}/study-groups/${after === undefined ? '' : `?after=${encodeURIComponent(after)}`}`);

  /** The course page, then every next page until the cursor is null; `between` runs after each page. */
  async function pageThrough(between: (page: number) => Promise<void> = async () => {}): Promise<WireGroup[][]> {
    const first = await coursePage();
    expect(first.status).toBe(200);
    const pages: WireGroup[][] = [first.body.courseStudyGroups];
    let cursor: string | null = first.body.nextStudyGroupsCursor;
    await between(1);
    while (cursor !== null && pages.length < 50) {
      const res = await nextPage(cursor);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.courseID).toBe(courseId);
      pages.push(res.body.courseStudyGroups);
      cursor = res.body.nextStudyGroupsCursor;
      await between(pages.length);
    }
    return pages;
  }

  beforeAll(async () => {
    viewer = new HttpSession(app.url);
    maker = new HttpSession(app.url);
    outsider = new HttpSession(app.url);
    viewerId = (await viewer.signUp(newStudent({ firstName: 'Vera' }))).body.user.id;
    makerId = (await maker.signUp(newStudent({ firstName: 'Mack' }))).body.user.id;
    await outsider.signUp(newStudent({ firstName: 'Otto' }));
    courseId = (await viewer.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id;
    for (const who of [viewer, maker]) expect((await who.post('/api/insert-course-member/', { courseID: courseId })).status).toBe(200);

    // Many groups of one owner, written straight to the tables (past the per-student limits), each with a meeting.
    const groups = app.server.resolve(TOKENS.StudyGroupRepository);
    for (let i = 1; i <= OTHERS; i += 1) {
      const groupId = await insertStudyGroup(app.server.resolve(INFRA.Knex), courseId, makerId, [], {
        name: `Others ${i}`,
        description: 'Made by Mack',
      });
      await groups.addMeeting(groupId, weeklyPlan({ day: 'Monday', time: '10:00:00', location: `Room ${i}` }));
      othersIds.push(groupId);
    }
    // The viewer's own: two made, then one of Mack's joined (the most recent join).
    const made: number[] = [];
    for (const name of ['Vera one', 'Vera two']) {
      const res = await viewer.post('/api/insert-study-group/', { courseID: courseId, name, description: 'Mine' });
      expect(res.status).toBe(201);
      made.push(res.body.id);
    }
    const joined = othersIds.splice(30, 1)[0];
    expect((await viewer.post('/api/insert-study-group-member/', { studyGroupID: joined })).status).toBe(200);
    ownIds = [joined, made[1], made[0]];
  });

  it('answers the first page on the course page: the student’s own groups first, then the oldest others, and a cursor', async () => {
    const res = await coursePage();
    expect(res.status).toBe(200);
    const groups: WireGroup[] = res.body.courseStudyGroups;
    expect(groups).toHaveLength(PAGE_SIZE);
    expect(groups.map((g) => g.id)).toEqual([...ownIds, ...othersIds.slice(0, PAGE_SIZE - ownIds.length)]);
    // Every own group is named, on this page or not; each listed group keeps its full shape.
    expect(res.body.userStudyGroupIDs).toEqual(ownIds);
    expect(groups[0]).toMatchObject({
      id: ownIds[0],
      name: 'Others 31',
      members: [{ id: makerId }, { id: viewerId }],
      meetings: [{ location: 'Room 31' }],
    });
    expect(res.body.nextStudyGroupsCursor).toEqual(expect.any(String));
    // The call without a cursor answers the same first page.
    const unnamed = await nextPage(undefined);
    expect(unnamed.status).toBe(200);
    expect(unnamed.body).toEqual({
      courseID: courseId,
      courseStudyGroups: groups,
      userStudyGroupIDs: ownIds,
      nextStudyGroupsCursor: res.body.nextStudyGroupsCursor,
    });
  });

  it('answers the next pages until the cursor is null, every group once, in order', async () => {
    const pages = await pageThrough();
    expect(pages.map((page) => page.length)).toEqual([20, 20, 7]);
    expect(pages.flat().map((g) => g.id)).toEqual([...ownIds, ...othersIds]);
  });

  it('lists every group once while groups are created and deleted between pages', async () => {
    const classmate = new HttpSession(app.url);
    await classmate.signUp(newStudent({ firstName: 'Cleo' }));
    await classmate.post('/api/insert-course-member/', { courseID: courseId });
    const created: number[] = [];
    const gone: number[] = [];
    const pages = await pageThrough(async (page) => {
      // A group listed already goes (page 1), then one not listed yet (page 2), while a classmate starts new ones.
      const leaving = page === 1 ? othersIds[0] : othersIds[othersIds.length - 1];
      if (page <= 2) {
        const left = await maker.post('/api/delete-study-group-member/', { studyGroupID: leaving });
        expect(left.body).toMatchObject({ groupDeleted: true });
        gone.push(leaving);
        othersIds.splice(othersIds.indexOf(leaving), 1);
      }
      const res = await classmate.post('/api/insert-study-group/', {
        courseID: courseId,
        name: `New ${page}`,
        description: 'Started mid-way',
      });
      expect(res.status).toBe(201);
      created.push(res.body.id);
    });
    const listed = pages.flat().map((g) => g.id);
    expect(new Set(listed).size, 'no group twice').toBe(listed.length);
    expect(listed).not.toContain(gone[1]);
    // Every group there from start to end is listed, in the course's order, and the new ones after them.
    const stayed = listed.filter((id) => !created.includes(id) && !gone.includes(id));
    expect(stayed).toEqual([...ownIds, ...othersIds]);
    expect(listed.filter((id) => created.includes(id))).toEqual(created.slice(0, listed.filter((id) => created.includes(id)).length));
    expect(listed.filter((id) => created.includes(id)).length).toBeGreaterThanOrEqual(2);
    othersIds.push(...created);
  });

  it('refuses the next page to a student outside the course, a visitor, and an unknown course', async () => {
    const cursor = (await coursePage()).body.nextStudyGroupsCursor as string;
    const outside = await nextPage(cursor, outsider);
    expect(outside.status).toBe(403);
    expect(outside.body).toMatchObject({ error: 'NOT_COURSE_MEMBER', message: expect.any(String) });
    expect(JSON.stringify(outside.body)).not.toContain('Others');
    // The course page itself shows an outsider the header only, with no cursor.
    expect((await coursePage(outsider)).body).toMatchObject({ isMember: false, courseStudyGroups: [], nextStudyGroupsCursor: null });
    const visitor = await new HttpSession(app.url).get(`/api/course/${courseId}/study-groups/?after=${cursor}`);
    expect(visitor.status).toBe(401);
    const unknown = await viewer.get(`/api/course/99999999/study-groups/`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'COURSE_NOT_FOUND' });
  });

  it('answers a cursor no answer gave with 400 INVALID_CURSOR JSON', async () => {
    const cursor = (await coursePage()).body.nextStudyGroupsCursor as string;
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const bad = [
      '',
      'not a cursor',
      '%00',
      '%ED%A0%80',
      'x'.repeat(5_000),
      b64('others:-1'),
      b64('others:2147483648'),
      b64('own:9007199254740993'),
      b64('others:01'),
      b64('mine:1'),
      b64('{"part":"others","lastId":1}'),
      `${Buffer.from('others:1').toString('base64')}=`,
      `${cursor}${cursor}`,
    ];
    for (const after of bad) {
      const res: ApiResponse = await viewer.get(
        `/api/course/${courseId}/study-groups/?after=${after.startsWith('%') ? after : encodeURIComponent(after)}`,
      );
      expect(res.status, after).toBe(400);
      expect(res.headers.get('content-type'), after).toMatch(/^application\/json/);
      expect(res.body, after).toMatchObject({ error: 'INVALID_CURSOR', message: expect.any(String) });
    }
    const twice = await viewer.get(`/api/course/${courseId}/study-groups/?after=${cursor}&after=${cursor}`);
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({ error: 'INVALID_CURSOR' });
    // A position this server could have written is not refused: past the end it is an empty last page.
    const pastEnd = await viewer.get(`/api/course/${courseId}/study-groups/?after=${b64('others:2147483647')}`);
    expect(pastEnd.body).toMatchObject({ courseStudyGroups: [], nextStudyGroupsCursor: null });
  });
}

describeOnEveryMode('Course groups, page by page', courseGroupsPagingSuite, { catalog: true });
