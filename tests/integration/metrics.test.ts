// GET /metrics: what an operator's Prometheus scrapes. Requests by route
// template and status with their latency, chat messages posted, login
// throttling, the Postgres pool and (services) Redis and the archive
// projector; METRICS_PORT moves the endpoint to a port of its own and
// METRICS=false turns it off.
import { describe, expect, it } from 'vitest';
import type { TestApp } from '@tests/support/test-app';
import { describeOnEveryMode, useTestApp } from '@tests/support/test-app';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { freePort } from '@tests/support/haproxy';
import { startProjectorProcess } from '@tests/support/cli-process';
import { hasPostgres, hasRedis } from '@tests/support/use-adapters';
import { sample, scrape } from '@tests/support/metrics-scrape';

function metricsSuite(app: TestApp) {
  it('counts requests by route template and status, with their latency, and never by raw path', async () => {
    const visitor = new HttpSession(app.url);
    await visitor.get('/api/course/12345/');
    await visitor.get('/api/course/777/');
    await visitor.get('/api/no-such-route/');
    await visitor.get('/search-courses');
    const text = await scrape(app.url);

    expect(sample(text, 'studyswamp_http_requests_total', { method: 'GET', route: '/api/course/{courseID}/', status: '401' })).toBe(2);
    expect(sample(text, 'studyswamp_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(sample(text, 'studyswamp_http_requests_total', { method: 'GET', route: 'client', status: '200' })).toBe(1);
    expect(sample(text, 'studyswamp_http_request_duration_seconds_count', { route: '/api/course/{courseID}/', status: '401' })).toBe(2);
    expect(text).not.toContain('12345');
    // Node's own: memory, event loop lag, GC.
    expect(sample(text, 'studyswamp_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'studyswamp_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('counts chat messages posted, by room kind', async () => {
    const student = new HttpSession(app.url);
    const res = await student.signUp(newStudent());
    const courseId = (await student.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id as number;
    await student.post('/api/insert-course-member/', { courseID: courseId });
    const before = sample(await scrape(app.url), 'studyswamp_chat_messages_posted_total', { room: 'course' }) ?? 0;
    for (const message of ['one', 'two', 'three']) {
      expect((await student.post('/api/insert-course-message/', { userID: res.body.user.id, courseID: courseId, message })).status).toBe(
        201,
      );
    }
    expect(sample(await scrape(app.url), 'studyswamp_chat_messages_posted_total', { room: 'course' })).toBe(before + 3);
  });

  it('counts the login guard blocking a pair, and its refusals after', async () => {
    const owner = new HttpSession(app.url);
    const fields = newStudent();
    await owner.signUp(fields);
    const guesser = new HttpSession(app.url);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) statuses.push((await guesser.logIn(fields.username, 'wrong-password-1')).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const text = await scrape(app.url);
    expect(sample(text, 'studyswamp_login_refused_total', { limit: 'pair-blocked' })).toBe(1);
    expect(sample(text, 'studyswamp_login_refused_total', { limit: 'pair' })).toBe(1);
  });

  it('counts the chat polls the fast path answers under the route and status the pipeline counts them', async () => {
    const student = new HttpSession(app.url);
    const userId = (await student.signUp(newStudent())).body.user.id as number;
    const courseId = (await student.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id as number;
    await student.post('/api/insert-course-member/', { courseID: courseId });
    const newest = (await student.post('/api/insert-course-message/', { userID: userId, courseID: courseId, message: 'hi' })).body
      .id as string;
    const poll = (query: string) => student.get(`/api/select-course-messages/${courseId}/${userId}/?after=${newest}${query}`);
    const labels = { method: 'GET', route: '/api/select-course-messages/{courseID}/{userID}/', status: '200' };
    const counts = async () => {
      const text = await scrape(app.url);
      return {
        requests: sample(text, 'studyswamp_http_requests_total', labels) ?? 0,
        timed: sample(text, 'studyswamp_http_request_duration_seconds_count', labels) ?? 0,
        idle: sample(text, 'studyswamp_chat_polls_fast_total', { kind: 'idle' }) ?? 0,
        wait: sample(text, 'studyswamp_chat_polls_fast_total', { kind: 'wait' }) ?? 0,
      };
    };
    // The first poll goes through the pipeline and leaves the session, membership and newest id in memory.
    await poll('');
    const before = await counts();
    await poll(''); // the fast path, at once
    await poll('&wait=1'); // the fast path's long poll, [] at its deadline
    await poll('&via=pipeline'); // a parameter the fast path does not take: the pipeline
    expect(await counts()).toEqual({
      requests: before.requests + 3,
      timed: before.timed + 3,
      idle: before.idle + 1,
      wait: before.wait + 1,
    });
  });

  it('reports the Postgres pool and the waiting chat long-polls', async () => {
    const student = new HttpSession(app.url);
    const res = await student.signUp(newStudent());
    const courseId = (await student.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id as number;
    await student.post('/api/insert-course-member/', { courseID: courseId });
    const latest = (await student.get(`/api/select-course-messages/${courseId}/${res.body.user.id}/`)).body as { id: string }[];
    const cursor = latest.at(-1)?.id ?? '0-0';
    const waiting = student.get(`/api/select-course-messages/${courseId}/${res.body.user.id}/?after=${cursor}&wait=20`);
    await expect.poll(async () => sample(await scrape(app.url), 'studyswamp_chat_waiting_requests')).toBe(1);
    await student.post('/api/insert-course-message/', { userID: res.body.user.id, courseID: courseId, message: 'wake up' });
    expect((await waiting).status).toBe(200);
    expect(sample(await scrape(app.url), 'studyswamp_chat_waiting_requests')).toBe(0);
    const text = await scrape(app.url);
    expect(sample(text, 'studyswamp_postgres_pool_used')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'studyswamp_postgres_pool_waiting')).toBe(0);
  });
}

describeOnEveryMode('metrics', metricsSuite, { catalog: true });

describe.skipIf(!hasPostgres() || !hasRedis())('metrics of Redis and the chat archive, Postgres + Redis', () => {
  const app = useTestApp('services', { catalog: true });

  it('reports the Redis connection, the projector lag and the archive delay', async () => {
    const student = new HttpSession(app.url);
    const res = await student.signUp(newStudent());
    const courseId = (await student.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id as number;
    await student.post('/api/insert-course-member/', { courseID: courseId });
    await student.post('/api/insert-course-message/', { userID: res.body.user.id, courseID: courseId, message: 'archived soon' });

    await expect
      .poll(async () => sample(await scrape(app.url), 'studyswamp_chat_archive_delay_seconds_count'), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    const text = await scrape(app.url);
    expect(sample(text, 'studyswamp_redis_connected')).toBe(1);
    expect(sample(text, 'studyswamp_chat_projector_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'studyswamp_chat_dead_letters_total')).toBe(0);
    expect(sample(text, 'studyswamp_dependency_errors_total', { dependency: 'redis', kind: 'outage' })).toBeUndefined();
  });
});

// The recommended split: app servers with CHAT_PROJECTOR=false and `npm run projector` on its own.
describe.skipIf(!hasPostgres() || !hasRedis())('metrics of the chat archive with the projector in its own process', () => {
  const app = useTestApp('services', { catalog: true, env: { CHAT_PROJECTOR: 'false' } });

  it('shows the backlog on the app server until the projector runs, and the projector serves its own on METRICS_PORT', async () => {
    const student = new HttpSession(app.url);
    const res = await student.signUp(newStudent());
    const courseId = (await student.post('/api/filter-courses/', { courseCode: 'COP3502C' })).body.courses[0].id as number;
    await student.post('/api/insert-course-member/', { courseID: courseId });
    const posted = await student.post('/api/insert-course-message/', {
      userID: res.body.user.id,
      courseID: courseId,
      message: 'waiting for the archive',
    });
    const postedMs = Number((posted.body.id as string).split('-')[0]);

    // No projector runs: the app server reports the room waiting, and for how long.
    const text = await scrape(app.url);
    expect(sample(text, 'studyswamp_chat_archive_backlog_rooms')).toBe(1);
    expect(sample(text, 'studyswamp_chat_archive_backlog_seconds')).toBeGreaterThan(0);
    expect(sample(text, 'studyswamp_chat_archive_backlog_seconds')! * 1000).toBeLessThanOrEqual(Date.now() - postedMs + 1);
    expect(sample(text, 'studyswamp_chat_projector_lag_seconds')).toBeUndefined();

    const port = await freePort();
    const { env } = app.target;
    const projector = await startProjectorProcess({
      DATABASE_URL: env.DATABASE_URL,
      REDIS_URL: env.REDIS_URL,
      REDIS_KEY_PREFIX: env.REDIS_KEY_PREFIX,
      METRICS_PORT: String(port),
    });
    try {
      await expect
        .poll(async () => sample(await scrape(`http://127.0.0.1:${port}`), 'studyswamp_chat_archive_delay_seconds_count'), {
          timeout: 15_000,
        })
        .toBe(1);
      const own = await scrape(`http://127.0.0.1:${port}`);
      expect(sample(own, 'studyswamp_chat_projector_lag_seconds')).toBe(0);
      expect(sample(own, 'studyswamp_chat_dead_letters_total')).toBe(0);
      expect(sample(own, 'studyswamp_postgres_pool_waiting')).toBe(0);
      expect(sample(own, 'studyswamp_redis_connected')).toBe(1);
      await expect.poll(async () => sample(await scrape(app.url), 'studyswamp_chat_archive_backlog_rooms'), { timeout: 15_000 }).toBe(0);
      expect(sample(await scrape(app.url), 'studyswamp_chat_archive_backlog_seconds')).toBe(0);
    } finally {
      expect(await projector.stop()).toBe(0);
    }
  });
});

// Configuration only: on Postgres, which starts in a fraction of a fresh PGlite's time.
describe.skipIf(!hasPostgres() || !hasRedis())('metrics on a port of their own (METRICS_PORT)', () => {
  const app = useTestApp('services', { env: { METRICS_PORT: '0' } });

  it('serves them there and not on the app port', async () => {
    const port = app.server.metricsPort;
    expect(port).toBeGreaterThan(0);
    const own = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('studyswamp_http_requests_total');
    const other = await fetch(`http://127.0.0.1:${port}/`);
    expect(other.status).toBe(404);

    const onApp = await fetch(`${app.url}/metrics`);
    expect(onApp.headers.get('content-type') ?? '').not.toContain('version=0.0.4');
  });
});

describe.skipIf(!hasPostgres() || !hasRedis())('metrics turned off (METRICS=false)', () => {
  const app = useTestApp('services', { env: { METRICS: 'false' } });

  it('serves no metrics', async () => {
    const res = await fetch(`${app.url}/metrics`);
    expect(res.headers.get('content-type') ?? '').not.toContain('version=0.0.4');
    expect(await res.text()).not.toContain('studyswamp_');
  });
});
