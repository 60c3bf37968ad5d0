// Idempotent chat posts over HTTP, on both run modes: a post sent again with
// its clientMessageID (a browser retrying after a failed answer, a load
// balancer's retry) answers the message first stored and stores no second
// copy; a burst stores one; other students and rooms are independent; a
// malformed id is a 400 in the house shape; posts without one are as before.
import { beforeAll, expect, it } from 'vitest';
import { INFRA } from '@adapters/container';
import { insertStudyGroup } from '@tests/support/chat-fixtures';
import { groupPath, pollCourse, signUp, texts, type Student } from '@tests/support/chat-students';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

function chatPostRetriesSuite(app: TestApp) {
  let alice: Student;
  let bob: Student;
  let courseId: number;
  let otherCourseId: number;

  const postToCourse = (s: Student, course: number, message: string, clientMessageID?: unknown) =>
    s.http.post('/api/insert-course-message/', { courseID: course, message, clientMessageID });
  const postToGroup = (s: Student, groupId: number, message: string, clientMessageID?: unknown) =>
    s.http.post('/api/insert-study-group-message/', { userID: s.id, studyGroupID: groupId, message, clientMessageID });
  const copies = async (s: Student, course: number, text: string) =>
    texts(await pollCourse(s, course, '?after=0-0')).filter((t) => t === text).length;

  beforeAll(async () => {
    [alice, bob] = [await signUp(app.url), await signUp(app.url)];
    const find = async (courseCode: string) => (await alice.http.post('/api/filter-courses/', { courseCode })).body.courses[0].id as number;
    courseId = await find('COP3502C');
    otherCourseId = await find('MAC2311');
    for (const s of [alice, bob])
      for (const course of [courseId, otherCourseId]) await s.http.post('/api/insert-course-member/', { courseID: course });
  });

  it('answers a retry with the same clientMessageID with the stored message, 201 again, and the room holds one copy', async () => {
    const key = crypto.randomUUID();
    const first = await postToCourse(alice, courseId, 'Is the lab due Friday?', key);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ user_id: alice.id, username: alice.username, message: 'Is the lab due Friday?' });
    expect(Object.keys(first.body).sort()).toEqual(['first_name', 'id', 'last_name', 'message', 'time', 'user_id', 'username']);
    for (let i = 0; i < 3; i += 1) {
      const retry = await postToCourse(alice, courseId, 'Is the lab due Friday?', key);
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual(first.body);
    }
    expect(await copies(bob, courseId, 'Is the lab due Friday?')).toBe(1);

    // The study-group post takes it too.
    const groupId = await insertStudyGroup(app.server.resolve(INFRA.Knex), courseId, alice.id, [bob.id]);
    const inGroup = await postToGroup(bob, groupId, 'Group retry', 'group_draft-1');
    expect(inGroup.status).toBe(201);
    expect((await postToGroup(bob, groupId, 'Group retry', 'group_draft-1')).body).toEqual(inGroup.body);
    expect(texts(await alice.http.get(groupPath(groupId, alice.id)))).toEqual(['Group retry']);
  });

  it('stores one message for a burst of parallel posts with one key', async () => {
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => postToCourse(bob, courseId, 'Sent in a burst', key)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await copies(alice, courseId, 'Sent in a burst')).toBe(1);
  });

  it('keeps another student’s and another room’s use of the key apart, and stores every post without one', async () => {
    const mine = await postToCourse(alice, courseId, 'Same key, Alice', 'shared-key');
    const bobs = await postToCourse(bob, courseId, 'Same key, Bob', 'shared-key');
    const elsewhere = await postToCourse(alice, otherCourseId, 'Same key, other course', 'shared-key');
    expect([mine.status, bobs.status, elsewhere.status]).toEqual([201, 201, 201]);
    expect(new Set([mine.body.id, bobs.body.id]).size).toBe(2);
    expect(await copies(alice, courseId, 'Same key, Bob')).toBe(1);
    expect(await copies(alice, otherCourseId, 'Same key, other course')).toBe(1);

    expect((await postToCourse(alice, courseId, 'No key, twice')).status).toBe(201);
    expect((await postToCourse(alice, courseId, 'No key, twice')).status).toBe(201);
    expect(await copies(bob, courseId, 'No key, twice')).toBe(2);
  });

  it('does not charge the posting allowance for a retry', async () => {
    const carol = await signUp(app.url);
    await carol.http.post('/api/insert-course-member/', { courseID: otherCourseId });
    const key = crypto.randomUUID();
    for (let i = 0; i < 25; i += 1) expect((await postToCourse(carol, otherCourseId, 'Retried a lot', key)).status).toBe(201);
    // The allowance is 20 in 10 s: one used, 19 left.
    for (let i = 0; i < 19; i += 1) expect((await postToCourse(carol, otherCourseId, `new ${i}`)).status).toBe(201);
    expect((await postToCourse(carol, otherCourseId, 'one too many')).status).toBe(429);
  });

  it('refuses a malformed clientMessageID with 400 VALIDATION_FAILED naming the field, and stores nothing', async () => {
    const before = texts(await pollCourse(alice, courseId, '?after=0-0'));
    for (const bad of ['', 'x'.repeat(65), 'has space', '../etc', 'ünïcode', 'a\u0000b', 'tab\t', 42, null, true, ['a'], { id: 'a' }]) {
      const res = await postToCourse(alice, courseId, 'Should not be stored', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body, JSON.stringify(bad)).toMatchObject({ error: 'VALIDATION_FAILED', field: 'clientMessageID' });
      expect(typeof res.body.message).toBe('string');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
    // The longest and the shortest it takes.
    expect((await postToCourse(alice, courseId, 'Key of 64', 'k'.repeat(64))).status).toBe(201);
    expect((await postToCourse(alice, courseId, 'Key of 1', '_')).status).toBe(201);
    expect(texts(await pollCourse(alice, courseId, '?after=0-0'))).toEqual([...before, 'Key of 64', 'Key of 1']);
  });
}

describeOnEveryMode('chat post retries', chatPostRetriesSuite, { catalog: true });
