// Two app servers (services mode, the built server as `npm start` runs it)
// behind HAProxy with the configuration operators are given
// (docs/haproxy.cfg): round-robin, no sticky sessions. A scripted session
// signs up, joins a course and chats (posting, and reading with the chat's
// long-poll, so polls wait on both servers) through the balancer while one server is
// stopped with SIGTERM and started again: the client sees no failed request
// (the balancer retries only requests that never reached an app), every
// message posted is read back once, and both servers serve before and after.
// Two requests held in flight on the stopping server itself (where no
// balancer retry could hide a cut) are answered, with Connection: close.
// The metrics stay off the internet: the balancer refuses /metrics in every
// spelling, while each app still serves them on its own port.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAppProcess, type AppProcess } from '@tests/support/app-process';
import { freePort, haproxyAvailable, startHaproxy, type Balancer } from '@tests/support/haproxy';
import { holdRequest, sendRaw } from '@tests/support/held-request';
import { HttpSession, newStudent, type ApiResponse } from '@tests/support/http-session';
import { importTestCatalog, TEST_SECRET } from '@tests/support/test-app';
import { clearRedisPrefix, createTestDatabase, redisUrl, uniqueRedisPrefix, type TestDatabase } from '@tests/support/test-services';
import { hasPostgres, hasRedis } from '@tests/support/use-adapters';

interface Outcome {
  what: string;
  status: number | 'network error';
  servedBy: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!hasPostgres() || !hasRedis() || !haproxyAvailable())('two app servers behind HAProxy', () => {
  let database: TestDatabase;
  const prefix = uniqueRedisPrefix();
  const ports: [number, number] = [0, 0];
  const apps: (AppProcess | null)[] = [null, null];
  let balancer: Balancer;

  const startApp = (index: 0 | 1) =>
    startAppProcess(
      {
        PORT: String(ports[index]),
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl()!,
        REDIS_KEY_PREFIX: prefix,
        SESSION_SECRET: TEST_SECRET,
        TRUST_PROXY: 'true',
        SHUTDOWN_TIMEOUT_MS: '10000',
        // The writer posts far faster than a student may.
        CHAT_POST_LIMIT: '1000000',
      },
      { built: true },
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    await importTestCatalog(database.url);
    ports[0] = await freePort();
    ports[1] = await freePort();
    [apps[0], apps[1]] = await Promise.all([startApp(0), startApp(1)]);
    balancer = await startHaproxy(ports);
  }, 180_000);

  afterAll(async () => {
    await balancer?.stop();
    await Promise.all(apps.map((app) => app?.stop()));
    await clearRedisPrefix(prefix);
    await database?.drop();
  });

  it('refuses /metrics at the balancer in any spelling, while each app serves it on its own port', async () => {
    const lb = Number(new URL(balancer.url).port);
    // As a client could write it: case, a trailing slash, percent-encoding, dot
    // segments, doubled slashes, a parameter, an absolute URL (which the app reads as /metrics).
    const spellings = [
      '/metrics',
      '/metrics?format=text',
      '/metrics/',
      '/METRICS',
      '/Metrics/',
      '/%6detrics',
      '/%6D%65trics',
      '/metric%73',
      '//metrics',
      '/./metrics',
      '/api/../metrics',
      '/%2fmetrics',
      '/metrics;x',
      'http://127.0.0.1/metrics',
      'HTTP://127.0.0.1/Metrics?x=1',
    ];
    const refused: string[] = [];
    for (const method of ['GET', 'HEAD']) {
      for (const target of spellings) {
        const answer = await sendRaw(lb, method, target);
        if (answer.status !== 403 || answer.body.includes('studyswamp_')) refused.push(`${method} ${target}: ${answer.status}`);
      }
    }
    expect(refused, 'spellings the balancer let through').toEqual([]);

    // The apps' own ports (a private network, Prometheus' side) still serve them.
    for (const port of ports) {
      for (const target of ['/metrics', '/metrics?format=text', 'http://127.0.0.1/metrics']) {
        const direct = await sendRaw(port, 'GET', target);
        expect(direct.status, `${port} ${target}`).toBe(200);
        expect(direct.body).toContain('studyswamp_http_requests_total');
      }
    }

    // Everything else passes: the pages, the API, the probes (status alone).
    expect((await fetch(`${balancer.url}/search-courses`)).status).toBe(200);
    expect((await fetch(`${balancer.url}/api/get-token/`)).status).toBe(200);
    expect(await (await fetch(`${balancer.url}/readyz`)).json()).toEqual({ status: 'ready' });
  });

  it('keeps a chatting student unaware of a server stopping and coming back', { timeout: 180_000 }, async () => {
    const outcomes: Outcome[] = [];
    async function call(what: string, request: () => Promise<ApiResponse>): Promise<ApiResponse | null> {
      try {
        const res = await request();
        outcomes.push({ what, status: res.status, servedBy: res.headers.get('x-served-by') });
        return res;
      } catch {
        outcomes.push({ what, status: 'network error', servedBy: null });
        return null;
      }
    }

    // The scripted session: two students sign up and join a course, through the balancer.
    const writer = new HttpSession(balancer.url);
    const reader = new HttpSession(balancer.url);
    const writerId = (await call('sign up', () => writer.signUp(newStudent())))!.body.user.id as number;
    const readerId = (await call('sign up', () => reader.signUp(newStudent())))!.body.user.id as number;
    const courseId = (await call('search', () => writer.post('/api/filter-courses/', { courseCode: 'COP3502C' })))!.body.courses[0]
      .id as number;
    await call('join', () => writer.post('/api/insert-course-member/', { courseID: courseId }));
    await call('join', () => reader.post('/api/insert-course-member/', { courseID: courseId }));

    // Steady traffic: the writer posts, the reader follows with the poll and opens the course page.
    const posted: string[] = [];
    const read = new Map<string, string>();
    let cursor = '0-0';
    let running = true;
    const writing = (async () => {
      for (let n = 1; running; n += 1) {
        const text = `message ${n}`;
        const res = await call('post', () =>
          writer.post('/api/insert-course-message/', { userID: writerId, courseID: courseId, message: text }),
        );
        if (res?.status === 201) posted.push(text);
        await sleep(40);
      }
    })();
    // The reader long-polls, as the client does: a poll held on the server that stops is answered [] and asked again.
    const poll = async (wait = 25) => {
      const res = await call('poll', () =>
        reader.get(`/api/select-course-messages/${courseId}/${readerId}/?after=${cursor}${wait ? `&wait=${wait}` : ''}`),
      );
      for (const message of (res?.status === 200 ? res.body : []) as { id: string; message: string }[]) {
        read.set(message.id, message.message);
        cursor = message.id;
      }
    };
    const reading = (async () => {
      for (let n = 0; running; n += 1) {
        await poll();
        if (n % 10 === 0) await call('course page', () => reader.get(`/api/course/${courseId}/`));
        await sleep(25);
      }
    })();

    const servedSince = (from: number) => new Set(outcomes.slice(from).map((o) => o.servedBy));
    const waitUntil = async (what: string, done: () => boolean) => {
      const deadline = Date.now() + 30_000;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
        await sleep(50);
      }
    };

    await waitUntil('both servers answered', () => servedSince(0).has('app1') && servedSince(0).has('app2'));

    // SIGTERM app1 in the middle of it all: it finishes what it holds, /readyz takes it out.
    // Two requests are surely in flight on app1 when the signal comes (sent to it
    // directly, where no balancer retry could hide a cut): a post whose body is
    // still on its way, and a long poll waiting for news.
    const direct = (session: HttpSession) => ({ Cookie: session.cookieHeader(), 'X-Forwarded-For': session.clientAddress });
    const heldPost = await holdRequest(ports[0], {
      method: 'POST',
      path: '/api/insert-course-message/',
      headers: { ...direct(writer), 'Content-Type': 'application/json', 'X-CSRFToken': await writer.fetchToken() },
      body: JSON.stringify({ userID: writerId, courseID: courseId, message: 'posted while app1 stops' }),
    });
    const heldPoll = await holdRequest(ports[0], {
      method: 'GET',
      path: `/api/select-course-messages/${courseId}/${readerId}/?after=${'9'.repeat(13)}-0&wait=25`,
      headers: direct(reader),
    });
    const stopping = apps[0]!.stop();
    apps[0] = null;
    // The signal has arrived once app1 is no longer ready (or no longer listening).
    await vi.waitFor(
      async () => {
        const ready = await fetch(`http://127.0.0.1:${ports[0]}/readyz`).then(
          (r) => r.status,
          () => 'refused',
        );
        expect(ready).not.toBe(200);
      },
      { timeout: 30_000, interval: 50 },
    );
    heldPost.finish();
    const [postAnswer, pollAnswer] = await Promise.all([heldPost.answer, heldPoll.answer]);
    await stopping;
    expect([postAnswer.status, postAnswer.headers.connection], 'the post in flight at SIGTERM').toEqual([201, 'close']);
    expect(JSON.parse(postAnswer.body)).toMatchObject({ message: 'posted while app1 stops' });
    posted.push('posted while app1 stops');
    expect([pollAnswer.status, pollAnswer.headers.connection, pollAnswer.body], 'the long poll held at SIGTERM').toEqual([
      200,
      'close',
      '[]',
    ]);
    const afterStop = outcomes.length;
    await waitUntil('60 answers after the stop', () => outcomes.length > afterStop + 60);
    expect([...servedSince(afterStop + 20)]).toEqual(['app2']);

    // Back on its port: the health check puts it in again.
    apps[0] = await startApp(0);
    const afterRestart = outcomes.length;
    await waitUntil('app1 answered again', () => servedSince(afterRestart).has('app1'));
    await waitUntil('40 more answers', () => outcomes.length > afterRestart + 40);

    running = false;
    await writing;
    // One more post wakes the reader's last long-poll.
    const last = await call('post', () =>
      writer.post('/api/insert-course-message/', { userID: writerId, courseID: courseId, message: 'the last one' }),
    );
    if (last?.status === 201) posted.push('the last one');
    await reading;
    await poll(0);

    const failed = outcomes.filter((o) => o.status === 'network error' || o.status >= 400);
    expect(failed, 'requests the client saw fail').toEqual([]);
    expect(posted.length).toBeGreaterThan(20);
    expect([...read.values()].sort()).toEqual([...posted].sort());
    expect(servedSince(afterRestart)).toEqual(new Set(['app1', 'app2']));
  });
});
