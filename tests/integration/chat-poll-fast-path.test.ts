// The chat poll's fast path (adapters/http/chat-poll-fast-path.ts): a member's
// idle poll and long poll are answered before Koa, with the very answers the
// full pipeline gives; everything else still goes through the pipeline and is
// decided there. Which path answered is told by studyswamp_chat_polls_fast_total.
import { beforeAll, expect, it, vi } from 'vitest';
import { INFRA } from '@adapters/container';
import { HANG, untilWaiting, waiting } from '@tests/support/chat-students';
import { HttpSession, newStudent, type ApiResponse } from '@tests/support/http-session';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

async function fastPolls(url: string, kind: 'idle' | 'wait' = 'idle'): Promise<number> {
  return fastPollsIn(await (await fetch(`${url}/metrics`)).text(), kind);
}

function fastPollsIn(text: string, kind: 'idle' | 'wait'): number {
  const line = text.split('\n').find((l) => l.startsWith(`studyswamp_chat_polls_fast_total{kind="${kind}"} `));
  return Number(line?.split(' ')[1] ?? 0);
}

/** The answer as a client sees it, without what differs per answer. */
function comparable(res: ApiResponse) {
  const headers = Object.fromEntries(
    [...res.headers].filter(([name]) => !['date', 'x-request-id', 'connection', 'keep-alive'].includes(name)),
  );
  return { status: res.status, body: res.body, headers };
}

function fastPathSuite(app: TestApp) {
  let student: HttpSession;
  let studentId: number;
  let courseId: number;
  let newest: string;
  const poll = (query: string, session = student, userId = studentId) =>
    session.get(`/api/select-course-messages/${courseId}/${userId}/${query}`);

  beforeAll(async () => {
    student = new HttpSession(app.url);
    studentId = (await student.signUp(newStudent())).body.user.id;
    courseId = (await student.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id;
    await student.post('/api/insert-course-member/', { courseID: courseId });
    newest = (await student.post('/api/insert-course-message/', { userID: studentId, courseID: courseId, message: 'hello' })).body.id;
    // The pipeline's poll leaves the session, the membership and the room's newest id in memory.
    await poll(`?after=${newest}`);
  });

  it('answers a warm idle poll before the pipeline, exactly as the pipeline answers it', async () => {
    const before = await fastPolls(app.url);
    const fast = await poll(`?after=${newest}`);
    expect(await fastPolls(app.url)).toBe(before + 1);
    // The same poll with a parameter the fast path does not take goes through the pipeline.
    const piped = await poll(`?after=${newest}&via=pipeline`);
    expect(await fastPolls(app.url)).toBe(before + 1);
    expect(comparable(fast)).toEqual(comparable(piped));
    expect(fast.body).toEqual([]);
    expect(fast.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // An incoming request id is kept, as the pipeline keeps it.
    expect(
      (
        await student.get(`/api/select-course-messages/${courseId}/${studentId}/?after=${newest}`, {
          headers: { 'X-Request-Id': 'lb-1234' },
        })
      ).headers.get('x-request-id'),
    ).toBe('lb-1234');
  });

  it("leaves to the pipeline a poll with news, another student's id, no session, or a session ended elsewhere", async () => {
    const before = await fastPolls(app.url);
    // News: the pipeline answers the message.
    const posted = await student.post('/api/insert-course-message/', { userID: studentId, courseID: courseId, message: 'news' });
    expect((await poll(`?after=${newest}`)).body.map((m: { message: string }) => m.message)).toEqual(['news']);
    newest = posted.body.id;
    // Someone else's id in the path: 403, as always.
    expect((await poll(`?after=${newest}`, student, studentId + 1)).status).toBe(403);
    // No cookie: 401.
    expect((await new HttpSession(app.url).get(`/api/select-course-messages/${courseId}/${studentId}/?after=${newest}`)).status).toBe(401);
    // The warm session's id with a signature that is not the server's (its check is remembered for the real one only): 401.
    const forged = new HttpSession(app.url);
    for (const [name, value] of student.cookies)
      forged.cookies.set(name, name.endsWith('.sig') ? `${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}` : value);
    expect((await poll(`?after=${newest}`, forged)).status).toBe(401);
    expect(await fastPolls(app.url)).toBe(before);

    // Signed out in another tab: the same cookie must not keep reading the chat.
    const tab = new HttpSession(app.url);
    const tabId = (await tab.signUp(newStudent())).body.user.id;
    await tab.post('/api/insert-course-member/', { courseID: courseId });
    const copy = new HttpSession(app.url);
    for (const [name, value] of tab.cookies) copy.cookies.set(name, value);
    await poll(`?after=${newest}`, tab, tabId);
    await tab.post('/api/logout/', {});
    expect((await poll(`?after=${newest}`, copy, tabId)).status).toBe(401);
  });

  it('stops answering a student who left the room', async () => {
    const other = new HttpSession(app.url);
    const otherId = (await other.signUp(newStudent())).body.user.id;
    await other.post('/api/insert-course-member/', { courseID: courseId });
    const cursor = `?after=${'9'.repeat(13)}-0`;
    await other.get(`/api/select-course-messages/${courseId}/${otherId}/${cursor}`);
    await other.post('/api/delete-course-member/', { courseID: courseId });
    expect((await other.get(`/api/select-course-messages/${courseId}/${otherId}/${cursor}`)).status).toBe(403);
  });

  it('answers a long poll before the pipeline: the message when it comes, [] at the deadline, as the pipeline answers them', async () => {
    const before = await fastPolls(app.url, 'wait');
    const held = poll(`?after=${newest}&wait=5`);
    const piped = poll(`?after=${newest}&wait=5&via=pipeline`);
    await untilWaiting(app.server, 2);
    const posted = await student.post('/api/insert-course-message/', { userID: studentId, courseID: courseId, message: 'for the waiters' });
    const [fast, slow] = await Promise.all([held, piped]);
    expect(fast.body.map((m: { message: string }) => m.message)).toEqual(['for the waiters']);
    expect(comparable(fast)).toEqual(comparable(slow));
    newest = posted.body.id;
    // Nothing comes: [] at the deadline.
    const quiet = await poll(`?after=${newest}&wait=1`);
    expect(quiet.status).toBe(200);
    expect(quiet.body).toEqual([]);
    expect(await fastPolls(app.url, 'wait')).toBe(before + 2);
  });

  it('refuses, as the pipeline does, a long poll of a student removed while waiting', async () => {
    const other = new HttpSession(app.url);
    const otherId = (await other.signUp(newStudent())).body.user.id;
    await other.post('/api/insert-course-member/', { courseID: courseId });
    const before = await fastPolls(app.url, 'wait');
    const held = other.get(`/api/select-course-messages/${courseId}/${otherId}/?after=${newest}&wait=20`);
    await untilWaiting(app.server, 1);
    await other.post('/api/delete-course-member/', { courseID: courseId });
    const answer = await held;
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: 'NOT_COURSE_MEMBER', requestId: expect.any(String) });
    expect(await fastPolls(app.url, 'wait')).toBe(before + 1);
  });

  it('forgets a long poll whose client disconnects', async () => {
    const before = await fastPolls(app.url, 'wait');
    const client = new AbortController();
    const cookie = [...student.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const held = fetch(`${app.url}/api/select-course-messages/${courseId}/${studentId}/?after=${newest}&wait=25`, {
      headers: { Cookie: cookie },
      signal: client.signal,
    }).catch((error: Error) => error);
    await untilWaiting(app.server, 1);
    client.abort();
    expect(await held).toBeInstanceOf(Error);
    await vi.waitFor(() => expect(waiting(app.server)).toBe(0), HANG);
    // It was the fast path that held it.
    await vi.waitFor(async () => expect(await fastPolls(app.url, 'wait')).toBe(before + 1), HANG);
  });

  // Last: it stops this suite's server.
  it('answers its waiting long polls [] when the server shuts down', async () => {
    const before = await fastPolls(app.url, 'wait');
    const held = poll(`?after=${newest}&wait=25`);
    await untilWaiting(app.server, 1);
    await app.server.close();
    const answer = await held;
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
    // The fast path answered it (the server no longer serves /metrics: read in the process).
    expect(fastPollsIn(await app.server.resolve(INFRA.Metrics).registry.metrics(), 'wait')).toBe(before + 1);
  });
}

describeOnEveryMode('the chat poll fast path', fastPathSuite, { catalog: true });
