// Course and study-group chat over HTTP against the real app, on Postgres +
// Redis and on the embedded default; then, on Postgres + Redis only, the
// durable archive (a projector process that crashes, a Redis that loses its
// data) and two app servers sharing one chat.
// Over 300 lines: one suite per run mode, whose cases share the app and the students it sets up.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TOKENS } from '@application/ports/tokens';
import { INFRA } from '@adapters/container';
import { createKnex } from '@adapters/database/create-knex';
import type { RunningServer } from '@adapters/server';
import { insertStudyGroup } from '@tests/support/chat-fixtures';
import { coursePath, groupPath, pollCourse, postToCourse, postToGroup, signUp, texts, type Student } from '@tests/support/chat-students';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { startProjectorProcess } from '@tests/support/cli-process';
import { describeOnEveryMode, startTestApp, useTestApp, type TestApp } from '@tests/support/test-app';
import { clearRedisPrefix } from '@tests/support/test-services';
import { hasPostgres, hasRedis } from '@tests/support/use-adapters';

const MESSAGE_KEYS = ['first_name', 'id', 'last_name', 'message', 'time', 'user_id', 'username'];
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function chatApiSuite(app: TestApp) {
  let alice: Student;
  let bob: Student;
  let outsider: Student;
  let courseId: number;
  let otherCourseId: number;

  beforeAll(async () => {
    [alice, bob, outsider] = [await signUp(app.url), await signUp(app.url), await signUp(app.url)];
    const find = async (courseCode: string) => (await alice.http.post('/api/filter-courses/', { courseCode })).body.courses[0].id as number;
    courseId = await find('COP3502C');
    otherCourseId = await find('MAC2311');
    for (const s of [alice, bob]) await s.http.post('/api/insert-course-member/', { courseID: courseId });
  });

  it('answers 401 on every chat call when signed out', async () => {
    const visitor = new HttpSession(app.url);
    for (const res of [
      await visitor.get(coursePath(courseId, 1)),
      await visitor.get(groupPath(1, 1)),
      await visitor.post('/api/insert-course-message/', { courseID: courseId, message: 'hi' }),
      await visitor.post('/api/insert-study-group-message/', { studyGroupID: 1, message: 'hi' }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: 'NOT_AUTHENTICATED' });
    }
  });

  it('lets two students in one course see each other’s messages by polling', async () => {
    const start = await pollCourse(bob, courseId);
    expect(start.status).toBe(200);
    const bobCursor = start.body.length ? start.body.at(-1).id : '0-0';

    const sent = await postToCourse(alice, courseId, '  See you at Marston?  ');
    expect(sent.status).toBe(201);
    expect(Object.keys(sent.body).sort()).toEqual(MESSAGE_KEYS);
    expect(sent.body).toMatchObject({ user_id: alice.id, username: alice.username, message: 'See you at Marston?' });
    expect(sent.body.time).toMatch(ISO_UTC);
    expect(new Date(sent.body.time).getTime()).toBe(Number(sent.body.id.split('-')[0]));
    expect(Math.abs(new Date(sent.body.time).getTime() - Date.now())).toBeLessThan(60_000);

    const seenByBob = await pollCourse(bob, courseId, `?after=${bobCursor}`);
    expect(seenByBob.status).toBe(200);
    expect(seenByBob.headers.get('cache-control')).toBe('no-store');
    expect(seenByBob.body).toEqual([sent.body]);

    const reply = await postToCourse(bob, courseId, 'Third floor, by the windows');
    const seenByAlice = await pollCourse(alice, courseId, `?after=${sent.body.id}`);
    expect(seenByAlice.body).toEqual([reply.body]);
    // Nothing new: the common, cheap answer.
    expect((await pollCourse(alice, courseId, `?after=${reply.body.id}`)).body).toEqual([]);
    // The latest list, oldest first, ends with the two.
    expect(texts(await pollCourse(alice, courseId)).slice(-2)).toEqual(['See you at Marston?', 'Third floor, by the windows']);
  });

  it('puts the latest 50 messages on the course page for members, and none for others', async () => {
    const page = await alice.http.get(`/api/course/${courseId}/`);
    const latest = await pollCourse(alice, courseId);
    expect(page.body.courseMessages).toEqual(latest.body);
    expect(page.body.courseMessages.length).toBeGreaterThan(0);
    expect((await outsider.http.get(`/api/course/${courseId}/`)).body.courseMessages).toEqual([]);
  });

  it('refuses non-members, other students’ ids and unknown courses, and stores nothing', async () => {
    const before = texts(await pollCourse(alice, courseId));
    const read = await pollCourse(outsider, courseId);
    expect(read.status).toBe(403);
    expect(read.body).toMatchObject({ error: 'NOT_COURSE_MEMBER' });
    const post = await postToCourse(outsider, courseId, 'let me in');
    expect(post.status).toBe(403);
    expect(post.body).toMatchObject({ error: 'NOT_COURSE_MEMBER' });

    // A user id that is not the session's, in the path or the body.
    const spying = await bob.http.get(coursePath(courseId, alice.id));
    expect(spying.status).toBe(403);
    expect(spying.body).toMatchObject({ error: 'FORBIDDEN' });
    const impersonating = await bob.http.post('/api/insert-course-message/', {
      userID: alice.id,
      courseID: courseId,
      message: 'I am Alice',
    });
    expect(impersonating.status).toBe(403);
    expect(impersonating.body).toMatchObject({ error: 'FORBIDDEN' });

    const unknown = await alice.http.get(coursePath(99_999_999, alice.id));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: 'COURSE_NOT_FOUND' });
    expect((await postToCourse(alice, 99_999_999, 'hello?')).body).toMatchObject({ error: 'COURSE_NOT_FOUND' });
    expect((await postToCourse(alice, otherCourseId, 'not my course')).body).toMatchObject({ error: 'NOT_COURSE_MEMBER' });

    expect(texts(await pollCourse(alice, courseId))).toEqual(before);
  });

  it('answers malformed ids, cursors and bodies with a 4xx JSON error, never a 500', async () => {
    for (const path of [
      coursePath(0, alice.id),
      `/api/select-course-messages/abc/${alice.id}/`,
      `/api/select-course-messages/${courseId}/x/`,
      groupPath(-1, alice.id),
    ]) {
      const res = await alice.http.get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toBe('VALIDATION_FAILED');
    }
    for (const query of [
      '?after=abc',
      '?after=',
      '?before=1-2-3',
      '?after=99999999999999999-0',
      '?after=1-0&before=2-0',
      '?after=1-0&after=2-0',
    ]) {
      const res = await pollCourse(alice, courseId, query);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ error: 'INVALID_CURSOR' });
    }
    const cases: [unknown, string][] = [
      [{ courseID: courseId, message: 42 }, 'message'],
      [{ courseID: courseId }, 'message'],
      [{ courseID: 'abc', message: 'hi' }, 'courseID'],
      [{ message: 'hi' }, 'courseID'],
    ];
    for (const [body, field] of cases) {
      const res = await alice.http.post('/api/insert-course-message/', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: 'VALIDATION_FAILED', field });
    }
    const malformed = await alice.http.post('/api/insert-course-message/', undefined, { rawBody: '{"message": "hi",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('MALFORMED_JSON');
    const noToken = await alice.http.post('/api/insert-course-message/', { courseID: courseId, message: 'hi' }, { csrf: false });
    expect(noToken.status).toBe(403);
    expect(noToken.body.error).toBe('CSRF_FAILED');
  });

  it('refuses blank and oversize messages with 400 and stores nothing', async () => {
    const before = texts(await pollCourse(alice, courseId));
    for (const message of ['', '    ', '\n\n', 'x'.repeat(2001), ` ${'y'.repeat(2001)} `]) {
      const res = await postToCourse(alice, courseId, message);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'VALIDATION_FAILED', field: 'message' });
      expect(typeof res.body.message).toBe('string');
    }
    expect(texts(await pollCourse(alice, courseId))).toEqual(before);
    const longest = await postToCourse(alice, courseId, `  ${'z'.repeat(2000)}  `);
    expect(longest.status).toBe(201);
    expect(longest.body.message).toHaveLength(2000);
  });

  it('pages back through history with ?before; fewer than 50 means nothing is left', async () => {
    const latest = (await pollCourse(alice, courseId)).body as { id: string }[];
    let page = await pollCourse(alice, courseId, `?before=${latest[0].id}`);
    const earlier: { id: string }[] = [];
    while (page.body.length) {
      earlier.unshift(...page.body);
      if (page.body.length < 50) break;
      page = await pollCourse(alice, courseId, `?before=${page.body[0].id}`);
    }
    const all = [...earlier, ...latest];
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
    expect((await pollCourse(alice, courseId, '?after=0-0')).body).toEqual(all);
  });

  it('lets a student post 20 messages per room in 10 seconds, then answers 429', async () => {
    const carol = await signUp(app.url);
    await carol.http.post('/api/insert-course-member/', { courseID: otherCourseId });
    for (let i = 0; i < 20; i += 1) expect((await postToCourse(carol, otherCourseId, `burst ${i}`)).status).toBe(201);
    const refused = await postToCourse(carol, otherCourseId, 'one too many');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'RATE_LIMITED' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
    expect(texts(await pollCourse(carol, otherCourseId))).not.toContain('one too many');
    // Another room is a separate allowance.
    await carol.http.post('/api/insert-course-member/', { courseID: courseId });
    expect((await postToCourse(carol, courseId, 'different room')).status).toBe(201);
  });

  it('runs study-group chat for the group’s members only', async () => {
    const knex = app.server.resolve(INFRA.Knex);
    const groupId = await insertStudyGroup(knex, courseId, alice.id, [bob.id]);
    const carol = await signUp(app.url);
    await carol.http.post('/api/insert-course-member/', { courseID: courseId }); // in the course, not in the group

    const sent = await postToGroup(bob, groupId, 'Problem set 4 tonight?');
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ user_id: bob.id, username: bob.username, message: 'Problem set 4 tonight?' });
    expect((await alice.http.get(groupPath(groupId, alice.id))).body).toEqual([sent.body]);
    expect((await alice.http.get(groupPath(groupId, alice.id, `?after=${sent.body.id}`))).body).toEqual([]);
    // The group's room is not the course's.
    expect(texts(await pollCourse(alice, courseId))).not.toContain('Problem set 4 tonight?');

    for (const res of [await carol.http.get(groupPath(groupId, carol.id)), await postToGroup(carol, groupId, 'hi')]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'NOT_GROUP_MEMBER' });
    }
    const missing = await alice.http.get(groupPath(99_999_999, alice.id));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'STUDY_GROUP_NOT_FOUND' });
    expect(
      (await bob.http.post('/api/insert-study-group-message/', { userID: alice.id, studyGroupID: groupId, message: 'x' })).status,
    ).toBe(403);
    expect((await postToGroup(bob, groupId, '   ')).body).toMatchObject({ error: 'VALIDATION_FAILED', field: 'message' });
    // Another member's id, in the read path or the post body: 403 FORBIDDEN, and nothing is stored.
    const spying = await bob.http.get(groupPath(groupId, alice.id));
    expect(spying.status).toBe(403);
    expect(spying.body).toMatchObject({ error: 'FORBIDDEN' });
    const impersonating = await bob.http.post('/api/insert-study-group-message/', {
      userID: alice.id,
      studyGroupID: groupId,
      message: 'I am Alice',
    });
    expect(impersonating.body).toMatchObject({ error: 'FORBIDDEN' });
    expect(texts(await alice.http.get(groupPath(groupId, alice.id)))).toEqual(['Problem set 4 tonight?']);
  });

  it('ends chat access the moment a student leaves the course', async () => {
    const dave = await signUp(app.url);
    await dave.http.post('/api/insert-course-member/', { courseID: courseId });
    expect((await pollCourse(dave, courseId)).status).toBe(200);
    expect((await pollCourse(dave, courseId)).status).toBe(200); // now cached
    await dave.http.post('/api/delete-course-member/', { courseID: courseId });
    expect((await pollCourse(dave, courseId)).status).toBe(403);
    expect((await postToCourse(dave, courseId, 'still here?')).status).toBe(403);
    await dave.http.post('/api/insert-course-member/', { courseID: courseId });
    expect((await pollCourse(dave, courseId)).status).toBe(200);
  });

  it('names every author by their names as they are now, also one who left the course; nothing else of them', async () => {
    const carlaSession = new HttpSession(app.url);
    const carlaForm = newStudent({ firstName: 'Carla', lastName: 'Reyes-Ortiz', major: 'Marine Biology', bio: 'Private bio' });
    const carla = {
      http: carlaSession,
      id: (await carlaSession.signUp(carlaForm)).body.user.id as number,
      username: carlaForm.username,
      password: '',
    };
    await carla.http.post('/api/insert-course-member/', { courseID: courseId });
    const sent = await postToCourse(carla, courseId, 'Notes from Tuesday are in the drive');
    expect(sent.body).toMatchObject({ username: carla.username, first_name: 'Carla', last_name: 'Reyes-Ortiz' });
    const carlasMessage = (messages: { id: string }[]) => messages.find((m) => m.id === sent.body.id);

    await carla.http.post('/api/delete-course-member/', { courseID: courseId });
    const page = await bob.http.get(`/api/course/${courseId}/`);
    expect(page.body.courseMembers.map((m: { id: number }) => m.id)).not.toContain(carla.id);
    for (const messages of [page.body.courseMessages, (await pollCourse(bob, courseId)).body]) {
      expect(carlasMessage(messages)).toMatchObject({ username: carla.username, first_name: 'Carla', last_name: 'Reyes-Ortiz' });
      expect(carlasMessage(messages)).toEqual(sent.body);
      expect(JSON.stringify(carlasMessage(messages))).not.toMatch(/Marine|Private|@ufl/);
    }
    // A new name shows on the old messages too (this server knows at once).
    expect((await carla.http.post('/api/update-profile/', { lastName: 'Reyes' })).status).toBe(200);
    expect(carlasMessage((await pollCourse(bob, courseId)).body)).toMatchObject({ first_name: 'Carla', last_name: 'Reyes' });
  });

  it('does not rewrite the session on a poll', async () => {
    const store = app.server.resolve(TOKENS.SessionStore);
    const sid = alice.http.cookies.get('ss.sid')!;
    const stored = await store.get(sid);
    expect(stored?._expire).toEqual(expect.any(Number));
    for (let i = 0; i < 3; i += 1) {
      const poll = await pollCourse(alice, courseId, '?after=0-0');
      expect(poll.status).toBe(200);
      expect(poll.headers.getSetCookie()).toEqual([]);
    }
    expect(await store.get(sid)).toEqual(stored);
  });
}

describeOnEveryMode('chat API', chatApiSuite, { catalog: true });

describe.skipIf(!hasPostgres() || !hasRedis())(
  'chat archive on Postgres + Redis: a crashing projector, a Redis that loses its data',
  () => {
    // The app servers leave archiving to `npm run projector`.
    const app = useTestApp('services', { catalog: true, env: { CHAT_PROJECTOR: 'false' } });
    let archive: Knex;

    beforeAll(() => {
      archive = createKnex({ kind: 'postgres', url: app.target.env.DATABASE_URL });
    });
    afterAll(async () => {
      await archive?.destroy();
    });

    async function archivedRows(): Promise<{ total: number; distinct: number }> {
      const [row] = await archive('chat_messages').select(
        archive.raw('count(*)::int as total'),
        archive.raw(`count(distinct (room_type, room_id, stream_ms, stream_seq))::int as distinct`),
      );
      return row;
    }

    /** Waits until the projector has archived at least `count` rows (a bounded wait); answers how many it has. */
    async function archivedCount(count: number): Promise<number> {
      const rows = await vi.waitFor(
        async () => {
          const rows = await archivedRows();
          expect(rows.total).toBeGreaterThanOrEqual(count);
          return rows;
        },
        { timeout: 10_000, interval: 25 },
      );
      expect(rows.distinct).toBe(rows.total);
      return rows.total;
    }

    it('loses nothing and duplicates nothing when the projector crashes mid-stream and restarts, and serves history after Redis loses its data', async () => {
      const [alice, bob] = [await signUp(app.url), await signUp(app.url)];
      const courseId = (await alice.http.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id as number;
      for (const s of [alice, bob]) await s.http.post('/api/insert-course-member/', { courseID: courseId });
      const { DATABASE_URL, REDIS_URL, REDIS_KEY_PREFIX } = app.target.env;
      const projectorEnv = {
        DATABASE_URL,
        REDIS_URL,
        REDIS_KEY_PREFIX,
        CHAT_STREAM_RETENTION: '10',
        CHAT_PROJECTOR_NAME: 'archiver-1',
      };
      const posted: { id: string; message: string }[] = [];
      const postRound = async (label: string, count: number) => {
        for (let i = 0; i < count; i += 1) {
          const res = await postToCourse(i % 2 ? bob : alice, courseId, `${label} ${i}`);
          expect(res.status).toBe(201);
          posted.push(res.body);
        }
      };

      let projector = await startProjectorProcess(projectorEnv);
      await postRound('first', 6);
      // Kill it while messages keep coming: whatever it read and had not acknowledged stays pending.
      const crash = projector.kill();
      await postRound('during', 6);
      await crash;
      await postRound('while down', 6);
      // Same consumer name: it re-reads its own pending entries first (XREADGROUP from 0).
      projector = await startProjectorProcess(projectorEnv);
      await postRound('after restart', 16);
      expect(await archivedCount(posted.length)).toBe(posted.length);
      expect(await projector.stop()).toBe(0);

      // The stream was trimmed towards 10 entries, yet the history reads whole.
      const latest = await pollCourse(alice, courseId);
      expect(latest.body.map((m: { id: string }) => m.id)).toEqual(posted.slice(-50).map((m) => m.id));
      expect((await pollCourse(bob, courseId, `?after=${posted[3].id}`)).body.map((m: { id: string }) => m.id)).toEqual(
        posted.slice(4).map((m) => m.id),
      );

      // Redis loses everything (sessions too: the students sign in again).
      await clearRedisPrefix(REDIS_KEY_PREFIX);
      for (const s of [alice, bob]) {
        s.http.cookies.clear();
        await s.http.fetchToken();
        expect((await s.http.logIn(s.username, s.password)).status).toBe(200);
      }
      const afterLoss = await pollCourse(alice, courseId);
      expect(afterLoss.status).toBe(200);
      expect(afterLoss.body).toEqual(latest.body);
      expect((await pollCourse(alice, courseId, `?before=${posted[30].id}`)).body.map((m: { message: string }) => m.message)).toEqual(
        posted.slice(0, 30).map((m) => m.message),
      );
      const last = posted.at(-1)!;
      expect((await pollCourse(bob, courseId, `?after=${last.id}`)).body).toEqual([]);

      // The chat goes on, and a poll from the old cursor bridges archive and new stream.
      const fresh = await postToCourse(bob, courseId, 'Is this thing on?');
      expect(fresh.status).toBe(201);
      expect((await pollCourse(alice, courseId, `?after=${last.id}`)).body).toEqual([fresh.body]);
      expect((await pollCourse(alice, courseId, `?after=${posted.at(-3)!.id}`)).body.map((m: { message: string }) => m.message)).toEqual([
        ...posted.slice(-2).map((m) => m.message),
        'Is this thing on?',
      ]);
    });
  },
);

describe.skipIf(!hasPostgres() || !hasRedis())('chat on two app servers sharing Postgres + Redis', () => {
  // A long cache: only the announcement can end B's remembered membership in time.
  const env = { CHAT_ACCESS_CACHE_MS: '600000' };
  const app = useTestApp('services', { catalog: true, env });
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    a = app.server;
    b = await startTestApp(app.target, env);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('shows a message posted on one server to a poll on the other, and ends access on both when a student leaves', async () => {
    const [alice, bob] = [await signUp(a.url), await signUp(a.url)];
    const courseId = (await alice.http.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id as number;
    for (const s of [alice, bob]) await s.http.post('/api/insert-course-member/', { courseID: courseId });

    bob.http.baseUrl = b.url;
    expect((await pollCourse(bob, courseId)).body).toEqual([]);
    const sent = await postToCourse(alice, courseId, 'Posted on A');
    expect((await pollCourse(bob, courseId, '?after=0-0')).body).toEqual([sent.body]);

    // Bob's membership is now cached on B. He leaves through A.
    bob.http.baseUrl = a.url;
    await bob.http.post('/api/delete-course-member/', { courseID: courseId });
    bob.http.baseUrl = b.url;
    const status = await vi.waitFor(
      async () => {
        const { status } = await pollCourse(bob, courseId, `?after=${sent.body.id}`);
        expect(status).not.toBe(200);
        return status;
      },
      { timeout: 10_000, interval: 25 },
    );
    expect(status).toBe(403);
    expect((await postToCourse(bob, courseId, 'from B')).status).toBe(403);
  });
});
