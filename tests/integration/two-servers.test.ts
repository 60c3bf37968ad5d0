// Two app processes behind one (imaginary) load balancer share Postgres and
// Redis: a student signed in on one is signed in on the other, and a session
// ended on one is refused at once on the other, chat polls included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '@tests/support/app-process';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { SmtpSink } from '@tests/support/smtp-sink';
import { importTestCatalog } from '@tests/support/test-app';
import { clearRedisPrefix, createTestDatabase, redisUrl, uniqueRedisPrefix, type TestDatabase } from '@tests/support/test-services';
import { hasPostgres, hasRedis } from '@tests/support/use-adapters';

describe.skipIf(!hasPostgres() || !hasRedis())('two app processes on Postgres + Redis', () => {
  let db: TestDatabase;
  let a: AppProcess;
  let b: AppProcess;
  let sink: SmtpSink;
  const prefix = uniqueRedisPrefix();

  beforeAll(async () => {
    db = await createTestDatabase();
    await importTestCatalog(db.url);
    sink = await SmtpSink.start();
    const env = { DATABASE_URL: db.url, REDIS_URL: redisUrl(), REDIS_KEY_PREFIX: prefix, TRUST_PROXY: 'true', SMTP_URL: sink.url };
    a = await startAppProcess(env);
    b = await startAppProcess(env);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sink?.close();
    await clearRedisPrefix(prefix);
    await db?.drop();
  });

  it('serves one signed-in student from either process, without sticky sessions', async () => {
    expect(a.url).not.toBe(b.url);
    const s = new HttpSession(a.url);
    const student = newStudent();
    expect((await s.signUp(student)).body.isAuthenticated).toBe(true);

    s.baseUrl = b.url;
    const me = await s.get('/api/is-authenticated/');
    expect(me.body).toMatchObject({ isAuthenticated: true, user: { username: student.username } });

    // A token from process B is accepted by process A: CSRF state is in the shared session.
    await s.fetchToken();
    s.baseUrl = a.url;
    expect((await s.post('/api/logout/')).body).toEqual({ isAuthenticated: false });
    s.baseUrl = b.url;
    expect((await s.get('/api/is-authenticated/')).body).toEqual({ isAuthenticated: false });
  });

  it('ends a session on both processes when it logs out on one, even for a copy of the old cookie', async () => {
    const s = new HttpSession(a.url);
    await s.signUp(newStudent());
    s.baseUrl = b.url;
    // B has just read (and may remember) the session.
    expect((await s.get('/api/is-authenticated/')).body.isAuthenticated).toBe(true);
    const stolen = new Map(s.cookies);
    s.baseUrl = a.url;
    expect((await s.post('/api/logout/')).body).toEqual({ isAuthenticated: false });
    const thief = new HttpSession(b.url);
    for (const [name, value] of stolen) thief.cookies.set(name, value);
    expect((await thief.get('/api/is-authenticated/')).body).toEqual({ isAuthenticated: false });
    expect((await thief.get('/api/dashboard/')).status).toBe(401);
  });

  /** A student signed in on A (laptop) and on B (phone), whose phone has B's fast path warm: its chat poll is answered from memory there. */
  async function twoDevices() {
    const student = newStudent();
    const laptop = new HttpSession(a.url);
    const id = (await laptop.signUp(student)).body.user.id as number;
    const phone = new HttpSession(b.url);
    expect((await phone.logIn(student.username, student.password)).status).toBe(200);
    const courseId = (await phone.post('/api/filter-courses/', {})).body.courses[0].id as number;
    await phone.post('/api/insert-course-member/', { courseID: courseId });
    const newest = (await phone.post('/api/insert-course-message/', { courseID: courseId, message: 'hello' })).body.id as string;
    const poll = (s: HttpSession) => s.get(`/api/select-course-messages/${courseId}/${id}/?after=${newest}`);
    expect((await poll(phone)).status).toBe(200);
    expect((await poll(phone)).body).toEqual([]);
    const stolen = new HttpSession(b.url);
    for (const [name, value] of phone.cookies) stolen.cookies.set(name, value);
    return { student, laptop, phone, stolen, poll };
  }

  it("ends the student's other sessions on both processes at once when the password changes, idle chat polls included", async () => {
    const { student, laptop, phone, stolen, poll } = await twoDevices();
    const changed = await laptop.post('/api/change-password/', { currentPassword: student.password, newPassword: 'brand-new-42' });
    expect(changed.body).toMatchObject({ passwordChanged: true });
    expect((await poll(phone)).status).toBe(401);
    expect((await poll(stolen)).status).toBe(401);
    expect((await stolen.get('/api/dashboard/')).status).toBe(401);
    // The laptop goes on, on either process.
    expect((await laptop.get('/api/dashboard/')).status).toBe(200);
    laptop.baseUrl = b.url;
    expect((await laptop.get('/api/dashboard/')).status).toBe(200);
  });

  it('ends every session of the account on both processes when a reset link is used', async () => {
    const { student, laptop, phone, poll } = await twoDevices();
    await new HttpSession(a.url).post('/api/request-password-reset/', { emailOrUsername: student.email });
    const [, reset] = await sink.waitFor(student.email, 2);
    const token = new URL(reset.link).searchParams.get('token');
    expect((await new HttpSession(a.url).post('/api/reset-password/', { token, password: 'reset-42' })).status).toBe(200);
    expect((await poll(phone)).status).toBe(401);
    laptop.baseUrl = b.url;
    expect((await laptop.get('/api/dashboard/')).status).toBe(401);
    expect((await new HttpSession(b.url).logIn(student.username, 'reset-42')).status).toBe(200);
  });

  it('shares the login limit between processes: failures alternate, the 11th is 429 on both', async () => {
    const student = newStudent();
    await new HttpSession(a.url).signUp(student);
    const from = (url: string) => {
      const s = new HttpSession(url);
      s.clientAddress = '203.0.113.50';
      return s;
    };
    for (let i = 0; i < 10; i++) {
      expect((await from(i % 2 ? a.url : b.url).logIn(student.username, `wrong-${i}`)).status).toBe(401);
    }
    for (const url of [a.url, b.url]) {
      const refused = await from(url).logIn(student.username, student.password);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: 'RATE_LIMITED', isAuthenticated: false });
    }
    // The owner, from elsewhere, is not locked out on either process.
    expect((await new HttpSession(b.url).logIn(student.username, student.password)).status).toBe(200);
  });

  it('lets no more than 10 guesses through when a burst is split between the processes', async () => {
    const student = newStudent();
    await new HttpSession(a.url).signUp(student);
    const sessions = [a.url, b.url].map((url) => {
      const s = new HttpSession(url);
      s.clientAddress = '203.0.113.51';
      return s;
    });
    await Promise.all(sessions.map((s) => s.fetchToken()));
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => sessions[i % 2].logIn(student.username, `wrong-${i}`)));
    expect(answers.filter((r) => r.status === 401)).toHaveLength(10);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(20);
  });
});
