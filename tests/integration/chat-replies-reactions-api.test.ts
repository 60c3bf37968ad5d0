// Replies and reactions over HTTP, on both run modes: a reply carries the
// quote of the message it answers as that reads now (edited, or "Message
// deleted" with none of its text), on every read; a reaction is set or taken
// off once per student, reaches a poller from its cursor, and goes with a
// deleted message; hostile input is refused with the house's 4xx and stores nothing.
import { beforeAll, expect, it } from 'vitest';
import { INFRA } from '@adapters/container';
import { insertStudyGroup } from '@tests/support/chat-fixtures';
import { coursePath, groupPath, pollCourse, postToCourse, signUp, type Student } from '@tests/support/chat-students';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

type Wire = Record<string, unknown> & { id: string; message: string; event?: string };

function suite(app: TestApp) {
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
    await alice.http.post('/api/insert-course-member/', { courseID: otherCourseId });
  });

  const replyInCourse = (s: Student, message: string, replyTo: unknown, course = courseId) =>
    s.http.post('/api/insert-course-message/', { userID: s.id, courseID: course, message, replyTo });
  const react = (s: Student, messageID: string, emoji: string, reacted = true, course = courseId) =>
    s.http.post('/api/react-course-message/', { userID: s.id, courseID: course, messageID, emoji, reacted });
  const latest = async (s: Student) => (await pollCourse(s, courseId)).body as Wire[];
  const byId = async (s: Student, id: string) => (await latest(s)).find((m) => m.id === id);

  it('answers a reply with the quote of the original, on the post, the poll, the page and history', async () => {
    const original = (await postToCourse(alice, courseId, 'Exam 2 is on\nThursday, room 105')).body as Wire;
    const cursor = original.id;
    const sent = await replyInCourse(bob, 'Thanks!', original.id);
    expect(sent.status).toBe(201);
    const quote = { id: original.id, user_id: alice.id, username: alice.username, excerpt: 'Exam 2 is on' };
    expect(sent.body).toMatchObject({ message: 'Thanks!', replyTo: original.id, quote });
    expect((await pollCourse(alice, courseId, `?after=${cursor}`)).body).toEqual([sent.body]);
    expect(await byId(alice, sent.body.id)).toEqual(sent.body);
    const page = (await alice.http.get(`/api/course/${courseId}/`)).body;
    expect(JSON.stringify(page)).toContain('"excerpt":"Exam 2 is on"');
    const earlier = (await pollCourse(alice, courseId, `?before=${sent.body.id.replace(/-\d+$/, '-999')}`)).body as Wire[];
    expect(earlier.find((m) => m.id === sent.body.id)).toEqual(sent.body);
  });

  it('quotes the original as it reads now: edited text, and "deleted" with none of its removed text', async () => {
    const original = (await postToCourse(alice, courseId, 'my locker code is 4471')).body as Wire;
    const reply = (await replyInCourse(bob, 'got it', original.id)).body as Wire;
    const edited = await alice.http.post('/api/edit-course-message/', {
      userID: alice.id,
      courseID: courseId,
      messageID: original.id,
      message: 'never mind',
    });
    expect(edited.status).toBe(200);
    expect((await byId(bob, reply.id))?.quote).toMatchObject({ excerpt: 'never mind' });
    await alice.http.post('/api/delete-course-message/', { userID: alice.id, courseID: courseId, messageID: original.id });
    const read = await pollCourse(bob, courseId);
    const quoted = (read.body as Wire[]).find((m) => m.id === reply.id);
    expect(quoted?.quote).toEqual({
      id: original.id,
      user_id: alice.id,
      username: alice.username,
      excerpt: '',
      deleted: true,
      first_name: expect.any(String),
      last_name: expect.any(String),
    });
    expect(JSON.stringify(read.body)).not.toContain('4471');
    expect(JSON.stringify(read.body)).not.toContain('never mind');
    // A deleted message takes no replies.
    const refused = await replyInCourse(bob, 'to a deleted one', original.id);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: 'MESSAGE_NOT_FOUND' });
  });

  it('refuses a reply to a message of another room, an unknown or malformed id, storing nothing', async () => {
    const elsewhere = (await postToCourse(alice, otherCourseId, 'in calculus')).body as Wire;
    const group = await insertStudyGroup(app.server.resolve(INFRA.Knex), courseId, alice.id, [bob.id]);
    const inGroup = (
      await alice.http.post('/api/insert-study-group-message/', { userID: alice.id, studyGroupID: group, message: 'in the group' })
    ).body as Wire;
    const before = await latest(alice);
    for (const [replyTo, status, error] of [
      [elsewhere.id, 404, 'MESSAGE_NOT_FOUND'],
      [inGroup.id, 404, 'MESSAGE_NOT_FOUND'],
      ['9007199254740991-0', 404, 'MESSAGE_NOT_FOUND'],
      ['nope', 400, 'VALIDATION_FAILED'],
      [12, 400, 'VALIDATION_FAILED'],
      ['1-0\u0000', 400, 'VALIDATION_FAILED'],
      ['\ud800', 400, 'VALIDATION_FAILED'],
      ['1'.repeat(5000), 400, 'VALIDATION_FAILED'],
    ] as const) {
      const res = await replyInCourse(alice, 'should not be stored', replyTo);
      expect(res.status, String(replyTo).slice(0, 20)).toBe(status);
      expect(res.body).toMatchObject({ error, message: expect.any(String) });
    }
    expect(await latest(alice)).toEqual(before);
    // A group's message answered from the group is fine.
    const answer = await bob.http.post('/api/insert-study-group-message/', {
      userID: bob.id,
      studyGroupID: group,
      message: 'ok',
      replyTo: inGroup.id,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.quote).toMatchObject({ id: inGroup.id, excerpt: 'in the group' });
    expect((await bob.http.get(groupPath(group, bob.id))).body.at(-1)).toEqual(answer.body);
  });

  it('sets a reaction once per student, shows it to a poller from its cursor, takes it off, and drops it with the message', async () => {
    const message = (await postToCourse(alice, courseId, 'Study session at 7?')).body as Wire;
    const cursor = message.id;
    const burst = await Promise.all(Array.from({ length: 6 }, () => react(bob, message.id, '👍')));
    expect(burst.map((r) => r.status)).toEqual(Array(6).fill(200));
    await react(alice, message.id, '👍');
    const polled = (await pollCourse(bob, courseId, `?after=${cursor}`)).body as Wire[];
    expect(polled).toHaveLength(1);
    expect(polled[0]).toMatchObject({ id: message.id, event: expect.any(String) });
    expect(polled[0].reactions).toEqual([
      { emoji: '👍', count: 2, user_ids: [bob.id, alice.id], names: [expect.any(String), expect.any(String)] },
    ]);
    expect(polled[0].edited).toBeUndefined();
    const off = await react(bob, message.id, '👍', false);
    expect(off.body.reactions).toEqual([{ emoji: '👍', count: 1, user_ids: [alice.id], names: [expect.any(String)] }]);
    const after = (await pollCourse(alice, courseId, `?after=${polled[0].event}`)).body as Wire[];
    expect(after.map((m) => m.reactions)).toEqual([off.body.reactions]);
    // Taking off what is not there changes nothing and records nothing.
    expect((await react(bob, message.id, '👍', false)).status).toBe(200);
    expect((await pollCourse(alice, courseId, `?after=${after[0].event}`)).body).toEqual([]);

    await alice.http.post('/api/delete-course-message/', { userID: alice.id, courseID: courseId, messageID: message.id });
    expect((await byId(bob, message.id))?.reactions).toBeUndefined();
    const late = await react(bob, message.id, '🎉');
    expect(late.status).toBe(404);
    expect(late.body).toMatchObject({ error: 'MESSAGE_NOT_FOUND' });
  });

  it('refuses a reaction that is not in the set, of a stranger, for another student or with broken fields, storing nothing', async () => {
    const message = (await postToCourse(alice, courseId, 'react to me')).body as Wire;
    const cases: [Student, Record<string, unknown>, number][] = [
      [bob, { emoji: '💩' }, 400],
      [bob, { emoji: '👍\u0000' }, 400],
      [bob, { emoji: '\ud83d' }, 400],
      [bob, { emoji: 'x'.repeat(10_000) }, 400],
      [bob, { reacted: 'yes' }, 400],
      [bob, { messageID: 'abc' }, 400],
      [bob, { messageID: '9007199254740991-0' }, 404],
      [bob, { userID: alice.id }, 403],
      [outsider, {}, 403],
      [alice, { courseID: otherCourseId }, 404],
    ];
    for (const [student, fields, status] of cases) {
      const res = await student.http.post('/api/react-course-message/', {
        userID: student.id,
        courseID: courseId,
        messageID: message.id,
        emoji: '👍',
        reacted: true,
        ...fields,
      });
      expect(res.status, JSON.stringify(fields).slice(0, 40)).toBe(status);
      expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect((await byId(alice, message.id))?.reactions).toBeUndefined();
    expect((await pollCourse(alice, courseId, `?after=${message.id}`)).body).toEqual([]);
    const malformed = await bob.http.request('POST', '/api/react-course-message/', {
      rawBody: '{"emoji": "👍",',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: expect.any(String) });
  });

  it('puts the messages with the most reactions on the course chat’s "Most useful" shelf, for members only', async () => {
    const shelf = async (s: Student, course = otherCourseId) => s.http.get(`/api/course-most-useful/${course}/`);
    await bob.http.post('/api/insert-course-member/', { courseID: otherCourseId });
    expect((await shelf(alice)).body).toEqual([]);
    const posted: Wire[] = [];
    for (const [s, text] of [
      [alice, 'Exam 2 covers chapters 4-6'],
      [bob, 'Review session Thursday 7 PM, Library West'],
      [alice, 'Old exams: ufl.edu/exams'],
      [bob, 'anyone here?'],
    ] as const)
      posted.push((await postToCourse(s, otherCourseId, text)).body as Wire);
    const [first, second, third] = posted;
    for (const [s, id, emoji] of [
      [alice, first.id, '❤️'],
      [bob, first.id, '❤️'],
      [alice, second.id, '👍'],
      [bob, second.id, '🎉'],
      [bob, third.id, '👍'],
    ] as const)
      expect((await react(s, id, emoji, true, otherCourseId)).status).toBe(200);
    // Two reactions each: the newer first; the message with none is not on it.
    const top = await shelf(bob);
    expect(top.status).toBe(200);
    expect((top.body as Wire[]).map((m) => m.message)).toEqual([second.message, first.message, third.message]);
    expect((top.body as Wire[])[0]).toMatchObject({ id: second.id, user_id: bob.id, reactions: expect.any(Array) });
    // A deleted message leaves the shelf.
    await bob.http.post('/api/delete-course-message/', { userID: bob.id, courseID: otherCourseId, messageID: second.id });
    expect(((await shelf(alice)).body as Wire[]).map((m) => m.id)).toEqual([first.id, third.id]);
    // Only members see it; an unknown course is not found.
    const stranger = await shelf(outsider);
    expect(stranger.status).toBe(403);
    expect(stranger.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    expect((await shelf(alice, 987_654_321)).status).toBe(404);
    expect((await alice.http.get('/api/course-most-useful/abc/')).status).toBe(400);
  });

  it('keeps the path’s student: a poll of another student’s path is refused', async () => {
    expect((await bob.http.get(coursePath(courseId, alice.id))).status).toBe(403);
  });
}

describeOnEveryMode('chat replies and reactions API', suite, { catalog: true });
