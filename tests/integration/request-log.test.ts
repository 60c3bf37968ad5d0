// The access log as an operator reads it: one line per request at info, each
// with the request id, the route (the API route template, or client, health,
// metrics, unmatched: the labels the metrics use), the status and the time;
// the chat poll's lines at debug, whichever path answered it (the fast path
// before Koa leaves a poll to the pipeline when debug logging is on).
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '@adapters/server';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { importTestCatalog, servicesTarget, startTestApp } from '@tests/support/test-app';
import { clearRedisPrefix, createTestDatabase, redisUrl, uniqueRedisPrefix, type TestDatabase } from '@tests/support/test-services';
import { hasPostgres, hasRedis } from '@tests/support/use-adapters';

interface Line {
  level: number;
  msg: string;
  requestId?: string;
  route?: string;
  status?: number;
  ms?: number;
}

const INFO = 30;
const DEBUG = 20;

describe.skipIf(!hasPostgres() || !hasRedis())('request log', () => {
  let db: TestDatabase;
  let server: RunningServer;
  const prefix = uniqueRedisPrefix();
  const lines: Line[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Line);
        done();
      },
    }),
  );
  const requestLines = () => lines.filter((line) => line.msg === 'request');

  let student: HttpSession;
  let studentId: number;
  let courseId: number;
  let newest: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    await importTestCatalog(db.url);
    server = await startTestApp(servicesTarget(db.url, redisUrl(), prefix), {}, logger);
    student = new HttpSession(server.url);
    studentId = (await student.signUp(newStudent())).body.user.id;
    courseId = (await student.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id;
    await student.post('/api/insert-course-member/', { courseID: courseId });
    newest = (await student.post('/api/insert-course-message/', { userID: studentId, courseID: courseId, message: 'hello' })).body.id;
  });

  afterAll(async () => {
    await server?.close();
    await clearRedisPrefix(prefix);
    await db?.drop();
  });

  const messages = (query: string, id: string) =>
    student.get(`/api/select-course-messages/${courseId}/${studentId}/${query}`, { headers: { 'X-Request-Id': id } });

  it('writes one info line per request, with its request id, route, status and time; none for chat polls', async () => {
    lines.length = 0;
    await student.get('/search-courses', { headers: { 'X-Request-Id': 'page-1' } });
    await student.get(`/api/course/${courseId}/`, { headers: { 'X-Request-Id': 'course-1' } });
    await student.get('/api/no-such-route/', { headers: { 'X-Request-Id': 'unmatched-1' } });
    await student.get('/readyz', { headers: { 'X-Request-Id': 'ready-1' } });
    // Opening the chat reads its history: a request like any other.
    await messages('', 'history-1');
    // Polls: through the pipeline, then (warm) the fast path, then a long poll that ends empty.
    for (const id of ['poll-1', 'poll-2']) expect((await messages(`?after=${newest}`, id)).status).toBe(200);
    expect((await messages(`?after=${newest}&wait=1`, 'poll-3')).body).toEqual([]);

    const messagesRoute = '/api/select-course-messages/{courseID}/{userID}/';
    expect(requestLines().map(({ level, requestId, route, status }) => ({ level, requestId, route, status }))).toEqual([
      { level: INFO, requestId: 'page-1', route: 'client', status: 200 },
      { level: INFO, requestId: 'course-1', route: '/api/course/{courseID}/', status: 200 },
      { level: INFO, requestId: 'unmatched-1', route: 'unmatched', status: 404 },
      { level: INFO, requestId: 'ready-1', route: '/readyz', status: 200 },
      { level: INFO, requestId: 'history-1', route: messagesRoute, status: 200 },
    ]);
    for (const line of requestLines()) expect(line.ms).toEqual(expect.any(Number));
  });

  it('writes the chat polls at debug when debug logging is on', async () => {
    logger.level = 'debug';
    try {
      lines.length = 0;
      for (const id of ['poll-4', 'poll-5']) await messages(`?after=${newest}`, id);
      await messages(`?after=${newest}&wait=1`, 'poll-6');
    } finally {
      logger.level = 'info';
    }
    expect(requestLines().map(({ level, requestId, route, status }) => ({ level, requestId, route, status }))).toEqual(
      ['poll-4', 'poll-5', 'poll-6'].map((requestId) => ({
        level: DEBUG,
        requestId,
        route: '/api/select-course-messages/{courseID}/{userID}/',
        status: 200,
      })),
    );
  });
});
