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

  it('shares the login failure limit between processes', async () => {
    const student = newStudent();
    await new HttpSession(a.url).signUp(student);
    for (let i = 0; i < 10; i++) {
      const s = new HttpSession(i % 2 ? a.url : b.url);
      expect((await s.logIn(student.username, 'wrong')).status).toBe(401);
    }
    expect((await new HttpSession(a.url).logIn(student.username, student.password)).status).toBe(429);
    expect((await new HttpSession(b.url).logIn(student.username, student.password)).status).toBe(429);
  });
});
