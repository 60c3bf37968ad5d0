// The idle chat poll's fast path (adapters/http/idle-poll-fast-path.ts): a
// poll that finds nothing new, for a session and membership this server has
// in memory, is answered before Koa, with the very answer the full pipeline
// gives; everything else still goes through the pipeline and is decided there.
// Which path answered is told by studyswamp_chat_idle_polls_fast_total.
import { beforeAll, expect, it } from 'vitest';
import { HttpSession, newStudent, type ApiResponse } from '../support/http-session';
import { describeOnEveryMode, type TestApp } from '../support/test-app';

async function fastPolls(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('studyswamp_chat_idle_polls_fast_total '));
  return Number(line?.split(' ')[1] ?? 0);
}

/** The answer as a client sees it, without what differs per answer. */
function comparable(res: ApiResponse) {
  const headers = Object.fromEntries([...res.headers].filter(([name]) => !['date', 'x-request-id', 'connection', 'keep-alive'].includes(name)));
  return { status: res.status, body: res.body, headers };
}

function fastPathSuite(app: TestApp) {
  let student: HttpSession;
  let studentId: number;
  let courseId: number;
  let newest: string;
  const poll = (query: string, session = student, userId = studentId) => session.get(`/api/select-course-messages/${courseId}/${userId}/${query}`);

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
    expect((await student.get(`/api/select-course-messages/${courseId}/${studentId}/?after=${newest}`, { headers: { 'X-Request-Id': 'lb-1234' } })).headers.get('x-request-id')).toBe('lb-1234');
  });

  it('leaves to the pipeline a poll with news, another student\'s id, no session, or a session ended elsewhere', async () => {
    const before = await fastPolls(app.url);
    // News: the pipeline answers the message.
    const posted = await student.post('/api/insert-course-message/', { userID: studentId, courseID: courseId, message: 'news' });
    expect((await poll(`?after=${newest}`)).body.map((m: { message: string }) => m.message)).toEqual(['news']);
    newest = posted.body.id;
    // Someone else's id in the path: 403, as always.
    expect((await poll(`?after=${newest}`, student, studentId + 1)).status).toBe(403);
    // No cookie: 401.
    expect((await new HttpSession(app.url).get(`/api/select-course-messages/${courseId}/${studentId}/?after=${newest}`)).status).toBe(401);
    expect(await fastPolls(app.url)).toBe(before);

    // Signed out in another tab: the same cookie must not keep reading the chat.
    const stolen = new HttpSession(app.url);
    for (const [name, value] of student.cookies) stolen.cookies.set(name, value);
    await poll(`?after=${newest}`);
    await student.post('/api/logout/', {});
    expect((await poll(`?after=${newest}`, stolen)).status).toBe(401);
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
}

describeOnEveryMode('the idle chat poll fast path', fastPathSuite, { catalog: true });
