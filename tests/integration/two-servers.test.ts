// Two app processes behind one (imaginary) load balancer share Postgres and
// Redis: a student signed in on one is signed in on the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { HttpSession, newStudent } from '../support/http-session';
import { clearRedisPrefix, createTestDatabase, redisUrl, uniqueRedisPrefix, type TestDatabase } from '../support/test-services';
import { hasPostgres, hasRedis } from '../support/use-adapters';

describe.skipIf(!hasPostgres() || !hasRedis())('two app processes on Postgres + Redis', () => {
  let db: TestDatabase;
  let a: AppProcess;
  let b: AppProcess;
  const prefix = uniqueRedisPrefix();

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = { DATABASE_URL: db.url, REDIS_URL: redisUrl(), REDIS_KEY_PREFIX: prefix, TRUST_PROXY: 'true' };
    a = await startAppProcess(env);
    b = await startAppProcess(env);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
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
