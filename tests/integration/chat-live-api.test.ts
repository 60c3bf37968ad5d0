// Live chat over HTTP against the real app, on the embedded default and on
// Postgres + Redis: the long poll (?wait), its early wake for other rooms
// (?watch), edits and deletes, read marks and unread counts, multi-line
// messages, and the server's shutdown releasing waiters. Then, on Postgres +
// Redis only, two app servers sharing one chat, and edits that outlive the
// archive and a Redis flush.
// Over 300 lines: one suite per run mode, whose cases share the app and the students it sets up.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INFRA } from '@adapters/container';
import type { RunningServer } from '@adapters/server';
import { insertStudyGroup } from '@tests/support/chat-fixtures';
import {
  coursePath,
  groupPath,
  HANG,
  pollAll,
  pollCourse,
  postToCourse,
  postToGroup,
  signUp,
  texts,
  untilWaiting,
  waiting,
  type Student,
} from '@tests/support/chat-students';
import { HttpSession, type ApiResponse } from '@tests/support/http-session';
import { describeOnEveryMode, startTestApp, useTestApp, type TestApp } from '@tests/support/test-app';
import { clearRedisPrefix } from '@tests/support/test-services';
import { fakeProcessClock } from '@tests/support/test-clock';
import { hasPostgres, hasRedis } from '@tests/support/use-adapters';

const HOUR = 3_600_000;
type Message = { id: string; message: string; event?: string; deleted?: boolean; edited?: boolean; editedAt?: string };

const editCourse = (s: Student, courseID: number, messageID: string, message: string) =>
  s.http.post('/api/edit-course-message/', { courseID, messageID, message });
const deleteCourse = (s: Student, courseID: number, messageID: string) =>
  s.http.post('/api/delete-course-message/', { courseID, messageID });
const deleteInGroup = (s: Student, studyGroupID: number, messageID: string) =>
  s.http.post('/api/delete-study-group-message/', { studyGroupID, messageID });
const markRead = (s: Student, kind: 'course' | 'group', id: number, messageID: string) =>
  s.http.post('/api/mark-chat-read/', { kind, id, messageID });
const unread = (s: Student, query = '') => s.http.get(`/api/unread-counts/${query}`);
const courseUnread = (res: ApiResponse, courseId: number) =>
  (res.body.rooms as { kind: string; id: number }[]).find((r) => r.kind === 'course' && r.id === courseId);

/** Where a poller stands once it has everything: the last entry's position (an edit's or delete's own id, else the message's). */
async function newestId(s: Student, courseId: number): Promise<string> {
  const last = (await pollAll(s, (query) => coursePath(courseId, s.id, query))).at(-1);
  return last ? (last.event ?? last.id) : '0-0';
}

function liveChatSuite(app: TestApp) {
  let alice: Student;
  let bob: Student;
  let carol: Student;
  let courseId: number;
  let groupId: number;

  beforeAll(async () => {
    [alice, bob, carol] = [await signUp(app.url), await signUp(app.url), await signUp(app.url)];
    courseId = (await alice.http.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id as number;
    for (const s of [alice, bob, carol]) await s.http.post('/api/insert-course-member/', { courseID: courseId });
    groupId = await insertStudyGroup(app.server.resolve(INFRA.Knex), courseId, alice.id, [bob.id]);
  });

  const newestCourseId = () => newestId(alice, courseId);

  it('refuses a wrong wait or watch with 400, and treats wait=0 as a plain poll', async () => {
    for (const query of [
      '?after=0-0&wait=31',
      '?after=0-0&wait=abc',
      '?after=0-0&wait=-1',
      '?after=0-0&wait=1.5',
      '?wait=5',
      '?before=9-0&wait=5',
      '?after=0-0&wait=1&wait=2',
    ]) {
      const res = await pollCourse(alice, courseId, query);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ error: 'VALIDATION_FAILED', field: 'wait' });
    }
    for (const query of ['?after=0-0&watch=course:1', '?after=0-0&wait=1&watch=lecture:1', '?after=0-0&wait=1&watch=course:99999999999']) {
      const res = await pollCourse(alice, courseId, query);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ error: 'VALIDATION_FAILED', field: 'watch' });
    }
    const plain = await pollCourse(alice, courseId, '?after=0-0&wait=0');
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual((await pollCourse(alice, courseId, '?after=0-0')).body);
    expect(waiting(app.server)).toBe(0);
  });

  it('answers a waiting poll with the message posted while it waits, and [] at the deadline', async () => {
    const cursor = await newestCourseId();
    const poll = pollCourse(bob, courseId, `?after=${cursor}&wait=25`);
    await untilWaiting(app.server, 1);
    const sent = await postToCourse(alice, courseId, 'Anyone at Marston?');
    const answer = await poll;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body).toEqual([sent.body]);

    const quiet = await pollCourse(bob, courseId, `?after=${sent.body.id}&wait=1`);
    expect(quiet.status).toBe(200);
    expect(quiet.body).toEqual([]);
    expect(waiting(app.server)).toBe(0);
  });

  it('answers a student long-polling in a loop with every message of a burst, and with the next one after it', async () => {
    let cursor = await newestCourseId();
    const received: string[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const items = (await pollCourse(bob, courseId, `?after=${cursor}&wait=25`)).body as Message[];
        if (items.length) cursor = items.at(-1)!.event ?? items.at(-1)!.id;
        received.push(...items.map((m) => m.message));
      }
    })();
    await untilWaiting(app.server, 1);
    const burst = Array.from({ length: 25 }, (_, i) => `burst ${i}`);
    for (const text of burst) await postToCourse(alice, courseId, text);
    await vi.waitFor(() => expect(received).toEqual(burst), HANG);
    await untilWaiting(app.server, 1);
    await postToCourse(alice, courseId, 'after the burst');
    await vi.waitFor(() => expect(received.at(-1)).toBe('after the burst'), HANG);
    polling = false;
    await postToCourse(alice, courseId, 'lets the poller go');
    await poller;
  });

  it('refuses, at once, a waiter removed from the group while waiting', async () => {
    const poll = bob.http.get(groupPath(groupId, bob.id, '?after=0-0&wait=25'));
    await untilWaiting(app.server, 1);
    expect((await alice.http.post('/api/delete-study-group-member/', { studyGroupID: groupId, userID: bob.id })).status).toBe(200);
    const answer = await poll;
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: 'NOT_GROUP_MEMBER' });
    // Back in (the group is public): the server forgets the refusal it remembered for his watches.
    expect((await bob.http.post('/api/insert-study-group-member/', { studyGroupID: groupId })).status).toBe(200);
  });

  it('forgets a waiter whose client disconnects', async () => {
    const client = new AbortController();
    const headers = { Cookie: [...carol.http.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    const poll = fetch(app.url + coursePath(courseId, carol.id, `?after=${await newestCourseId()}&wait=25`), {
      headers,
      signal: client.signal,
    }).catch((e: Error) => e);
    await untilWaiting(app.server, 1);
    client.abort();
    expect(await poll).toBeInstanceOf(Error);
    await vi.waitFor(() => expect(waiting(app.server)).toBe(0), HANG);
  });

  it('ends the wait early, with X-Chat-Activity, when another watched room of the student has news', async () => {
    const poll = pollCourse(bob, courseId, `?after=${await newestCourseId()}&wait=25&watch=group:${groupId},course:999999`);
    await untilWaiting(app.server, 1);
    await postToGroup(alice, groupId, 'group news');
    const answer = await poll;
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
    expect(answer.headers.get('x-chat-activity')).toBe('1');
    // Without watch nothing changes: a plain wait answers without the header.
    const plain = await pollCourse(bob, courseId, `?after=${await newestCourseId()}&wait=1`);
    expect(plain.headers.get('x-chat-activity')).toBeNull();
  });

  it('keeps line breaks in a message', async () => {
    const sent = await postToCourse(alice, courseId, 'line one\nline two\r\nline three\n\n  indented');
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe('line one\nline two\nline three\n\n  indented');
    expect(texts(await pollCourse(bob, courseId)).at(-1)).toBe(sent.body.message);
    expect((await pollCourse(bob, courseId, '?after=0-0')).body.at(-1)).toEqual(sent.body);
  });

  it('lets the author edit and delete a message; a poller receives each as an event, and history shows the state', async () => {
    const sent = await postToCourse(bob, courseId, 'Meet at 7?');
    const poll = pollCourse(carol, courseId, `?after=${sent.body.id}&wait=25`);
    await untilWaiting(app.server, 1);
    const edited = await editCourse(bob, courseId, sent.body.id, 'Meet at 8?');
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: sent.body.id, message: 'Meet at 8?', edited: true, event: expect.stringMatching(/^\d+-\d+$/) });
    expect((await poll).body).toEqual([edited.body]);

    const deleted = await deleteCourse(bob, courseId, sent.body.id);
    expect(deleted.body).toMatchObject({ id: sent.body.id, message: '', deleted: true, edited: true });
    expect((await pollCourse(carol, courseId, `?after=${edited.body.event}`)).body).toEqual([deleted.body]);
    const history = (await pollCourse(carol, courseId)).body as Message[];
    expect(history.find((m) => m.id === sent.body.id)).toEqual({
      ...sent.body,
      message: '',
      deleted: true,
      edited: true,
      editedAt: edited.body.editedAt,
    });
    expect(
      (await alice.http.get(`/api/course/${courseId}/`)).body.courseMessages.find((m: Message) => m.id === sent.body.id),
    ).toMatchObject({ deleted: true });
  });

  it('refuses edits and deletes of others’ messages, unknown ids, and edits after 24 hours', async () => {
    const sent = await postToCourse(bob, courseId, 'mine');
    for (const res of [await editCourse(carol, courseId, sent.body.id, 'hijack'), await deleteCourse(carol, courseId, sent.body.id)]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'NOT_MESSAGE_AUTHOR' });
    }
    expect((await editCourse(bob, courseId, '1-0', 'who?')).status).toBe(404);
    expect((await deleteCourse(bob, courseId, '1-0')).body).toMatchObject({ error: 'MESSAGE_NOT_FOUND' });
    expect((await editCourse(bob, courseId, sent.body.id, '   ')).body).toMatchObject({ error: 'VALIDATION_FAILED', field: 'message' });
    expect((await bob.http.post('/api/edit-course-message/', { courseID: courseId, messageID: 'x', message: 'y' })).body).toMatchObject({
      error: 'VALIDATION_FAILED',
      field: 'messageID',
    });
    expect(
      (await bob.http.post('/api/delete-course-message/', { courseID: courseId, messageID: sent.body.id }, { csrf: false })).status,
    ).toBe(403);

    const clock = fakeProcessClock(['Date']);
    clock.advance(24 * HOUR + 60_000);
    const late = await editCourse(bob, courseId, sent.body.id, 'too late');
    expect(late.status).toBe(403);
    expect(late.body).toMatchObject({ error: 'EDIT_WINDOW_CLOSED', message: expect.stringContaining('24 hours') });
    vi.useRealTimers();
    expect(texts(await pollCourse(bob, courseId)).at(-1)).toBe('mine');
  });

  it('lets a group’s owner delete any message of the group', async () => {
    const sent = await postToGroup(bob, groupId, 'off topic');
    expect((await deleteInGroup(carol, groupId, sent.body.id)).body).toMatchObject({ error: 'NOT_GROUP_MEMBER' });
    const removed = await deleteInGroup(alice, groupId, sent.body.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: sent.body.id, deleted: true, message: '' });
  });

  it('counts unread messages and mentions per room, marks only forward, and only for members', async () => {
    const [first, second] = [await postToCourse(alice, courseId, 'hello @' + carol.username), await postToCourse(bob, courseId, 'plain')];
    const counts = await unread(carol);
    expect(counts.status).toBe(200);
    expect(counts.headers.get('cache-control')).toBe('no-store');
    const room = courseUnread(counts, courseId)!;
    expect(room).toMatchObject({ kind: 'course', id: courseId, lastRead: null });
    expect(room).toMatchObject({ unread: expect.any(Number), mentions: 1 });
    expect(counts.body.total).toBe((counts.body.rooms as { unread: number }[]).reduce((sum, r) => sum + r.unread, 0));

    expect((await markRead(carol, 'course', courseId, first.body.id)).body).toEqual({
      kind: 'course',
      id: courseId,
      lastRead: first.body.id,
    });
    expect(courseUnread(await unread(carol), courseId)).toMatchObject({ unread: 1, mentions: 0, lastRead: first.body.id });
    expect((await markRead(carol, 'course', courseId, second.body.id)).body.lastRead).toBe(second.body.id);
    expect((await markRead(carol, 'course', courseId, first.body.id)).body.lastRead).toBe(second.body.id);
    expect(courseUnread(await unread(carol), courseId)).toMatchObject({ unread: 0 });

    expect((await markRead(carol, 'group', groupId, second.body.id)).body).toMatchObject({ error: 'NOT_GROUP_MEMBER' });
    expect((await markRead(carol, 'course', courseId, '1-0')).body).toMatchObject({ error: 'MESSAGE_NOT_FOUND' });
    expect((await markRead(carol, 'lecture' as 'course', courseId, second.body.id)).status).toBe(400);
    expect(
      (await carol.http.post('/api/mark-chat-read/', { kind: 'course', id: courseId, messageID: second.body.id }, { csrf: false })).status,
    ).toBe(403);
  });

  it('caps a room’s count at 100', async () => {
    for (let i = 0; i < 105; i += 1) expect((await postToCourse(i % 2 ? alice : bob, courseId, `busy ${i}`)).status).toBe(201);
    expect(courseUnread(await unread(carol), courseId)).toMatchObject({ unread: 100 });
    await markRead(carol, 'course', courseId, await newestCourseId());
    expect(courseUnread(await unread(carol), courseId)).toMatchObject({ unread: 0 });
  });

  it('long-polls the unread summary until it differs from the one the client holds', async () => {
    expect((await unread(carol, '?wait=5')).body).toMatchObject({ error: 'VALIDATION_FAILED', field: 'wait' });
    expect((await unread(carol, '?wait=99&since=x')).status).toBe(400);
    const held = (await unread(carol)).body;
    expect((await unread(carol, `?wait=1&since=${held.version}`)).body).toEqual(held);
    const poll = unread(carol, `?wait=25&since=${held.version}`);
    await untilWaiting(app.server, 1);
    await postToCourse(alice, courseId, 'news for the badge');
    const changed = (await poll).body;
    expect(changed.total).toBe(held.total + 1);
    expect(changed.version).not.toBe(held.version);
  });

  // Last: it stops this suite's server.
  it('answers waiting polls [] when the server shuts down, and closes', async () => {
    const poll = pollCourse(bob, courseId, `?after=${await newestCourseId()}&wait=25`);
    await untilWaiting(app.server, 1);
    await app.server.close();
    const answer = await poll;
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
  });
}

describeOnEveryMode('live chat API', liveChatSuite, { catalog: true, env: { CHAT_POST_LIMIT: '1000', SHUTDOWN_TIMEOUT_MS: '20000' } });

describe.skipIf(!hasPostgres() || !hasRedis())('live chat on two app servers sharing Postgres + Redis', () => {
  const app = useTestApp('services', { catalog: true });
  let a: RunningServer;
  let b: RunningServer;
  let alice: Student;
  let bob: Student;
  let courseId: number;

  beforeAll(async () => {
    a = app.server;
    b = await startTestApp(app.target);
    [alice, bob] = [await signUp(a.url), await signUp(a.url)];
    courseId = (await alice.http.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id as number;
    for (const s of [alice, bob]) await s.http.post('/api/insert-course-member/', { courseID: courseId });
    bob.http.baseUrl = b.url;
  });
  afterAll(async () => {
    await b?.close();
  });

  it('answers a poll waiting on one server with a message posted on the other', async () => {
    const poll = pollCourse(bob, courseId, '?after=0-0&wait=25');
    await untilWaiting(b, 1);
    const sent = await postToCourse(alice, courseId, 'Posted on A');
    expect((await poll).body).toEqual([sent.body]);
    // An edit on A reaches a waiter on B too.
    const next = pollCourse(bob, courseId, `?after=${sent.body.id}&wait=25`);
    await untilWaiting(b, 1);
    const edited = await editCourse(alice, courseId, sent.body.id, 'Posted on A, edited');
    expect((await next).body).toEqual([edited.body]);
  });

  it('holds every waiting poll on the one subscriber connection of its server: a waiter opens no Redis connection', async () => {
    const cursor = await newestId(alice, courseId);
    // Twenty tabs, on two devices (one session holds at most MAX_HELD_POLLS_PER_SESSION).
    const phone: Student = { ...bob, http: new HttpSession(b.url) };
    await phone.http.logIn(bob.username, bob.password);
    const connects = vi.spyOn(Redis.prototype, 'connect');
    try {
      const polls = Array.from({ length: 20 }, (_, i) => pollCourse(i % 2 ? phone : bob, courseId, `?after=${cursor}&wait=25`));
      await untilWaiting(b, 20);
      // One subscriber per server on the chat's channel, however many wait.
      const [, subscribers] = (await a.resolve(INFRA.Redis).pubsub('NUMSUB', `${app.target.env.REDIS_KEY_PREFIX}chat:signals`)) as [
        string,
        number,
      ];
      expect(subscribers).toBe(2);
      const sent = await postToCourse(alice, courseId, 'for twenty tabs');
      for (const answer of await Promise.all(polls)) expect(answer.body).toEqual([sent.body]);
      expect(connects).not.toHaveBeenCalled();
    } finally {
      connects.mockRestore();
    }
  });

  it('refuses a waiter on one server the moment they leave through the other', async () => {
    const carol = await signUp(a.url);
    await carol.http.post('/api/insert-course-member/', { courseID: courseId });
    carol.http.baseUrl = b.url;
    const poll = pollCourse(carol, courseId, `?after=${'9'.repeat(13)}-0&wait=25`);
    await untilWaiting(b, 1);
    carol.http.baseUrl = a.url;
    await carol.http.post('/api/delete-course-member/', { courseID: courseId });
    const answer = await poll;
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: 'NOT_COURSE_MEMBER' });
  });

  it('keeps edits and deletes once archived, and after Redis loses its data', async () => {
    const [kept, edited, deleted] = [
      await postToCourse(alice, courseId, 'kept'),
      await postToCourse(alice, courseId, 'to edit'),
      await postToCourse(alice, courseId, 'to delete'),
    ];
    const edit = await editCourse(alice, courseId, edited.body.id, 'edited');
    await deleteCourse(alice, courseId, deleted.body.id);
    const knex = a.resolve(INFRA.Knex);
    // The in-process projector archives the edit and the delete.
    // (Only this test's: earlier tests edited messages of the same room.)
    const [keptMs, keptSeq] = (kept.body.id as string).split('-').map(Number);
    await vi.waitFor(async () => {
      const events = await knex('chat_messages')
        .where({ room_type: 'course', room_id: courseId })
        .whereIn('kind', ['edit', 'delete'])
        .whereRaw('(stream_ms, stream_seq) > (?, ?)', [keptMs, keptSeq]);
      expect(events.length).toBe(2);
    }, HANG);

    await clearRedisPrefix(app.target.env.REDIS_KEY_PREFIX);
    alice.http.cookies.clear();
    await alice.http.fetchToken();
    expect((await alice.http.logIn(alice.username, alice.password)).status).toBe(200);
    const history = ((await pollCourse(alice, courseId)).body as Message[]).slice(-3);
    expect(history).toEqual([
      kept.body,
      { ...edited.body, message: 'edited', edited: true, editedAt: edit.body.editedAt },
      { ...deleted.body, message: '', deleted: true },
    ]);
    // A poll from before the changes still receives them, from the archive.
    const events = (await pollCourse(alice, courseId, `?after=${deleted.body.id}`)).body as Message[];
    expect(events.map((e) => [e.id, e.event !== undefined, e.deleted ?? false])).toEqual([
      [edited.body.id, true, false],
      [deleted.body.id, true, true],
    ]);
  });
});
