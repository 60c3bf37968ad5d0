// The five account calls over HTTP against the real app, on Postgres + Redis and
// on the embedded default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../adapters/server';
import { HttpSession, newStudent } from '../support/http-session';
import { embeddedTarget, servicesTarget, startTestApp, type AppTarget } from '../support/test-app';
import { clearRedisPrefix, createTestDatabase, redisUrl, uniqueRedisPrefix, type TestDatabase } from '../support/test-services';
import { hasPostgres, hasRedis } from '../support/use-adapters';

const USER_FIELDS = ['id', 'firstName', 'lastName', 'username', 'email', 'major', 'year', 'bio'].sort();

function authApiSuite(makeTarget: () => Promise<{ target: AppTarget; cleanup(): Promise<void> }>) {
  let server: RunningServer;
  let target: AppTarget;
  let cleanup: () => Promise<void>;
  const session = () => new HttpSession(server.url);

  beforeAll(async () => {
    ({ target, cleanup } = await makeTarget());
    server = await startTestApp(target);
  });
  afterAll(async () => {
    await server?.close();
    await cleanup?.();
  });

  it('signs up, reports the session as authenticated, and never sends a password hash', async () => {
    const s = session();
    const student = newStudent({ email: `Mixed${Date.now()}@UFL.edu`, firstName: ' Albert ' });
    const res = await s.signUp(student);
    expect(res.status).toBe(200);
    expect(res.body.isAuthenticated).toBe(true);
    expect(Object.keys(res.body.user).sort()).toEqual(USER_FIELDS);
    expect(res.body.user).toMatchObject({
      firstName: 'Albert',
      lastName: 'Gator',
      username: student.username,
      email: student.email.toLowerCase(),
      major: 'Computer Science',
      year: '2',
      bio: 'Go Gators!',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/\$2[aby]\$|password/i);

    const me = await s.get('/api/is-authenticated/');
    expect(me.body).toEqual({ isAuthenticated: true, user: res.body.user });
  });

  it('sets an httpOnly, SameSite=Lax session cookie with a two-week expiry', async () => {
    const s = session();
    await s.get('/api/get-token/');
    const res = await s.signUp(newStudent());
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ss.sid='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/;\s*secure/i);
    const expires = new Date(/expires=([^;]+)/i.exec(cookie)![1]).getTime();
    expect(expires - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(14 * 24 * 3600 * 1000 + 5000);
  });

  it('regenerates the session id at login and sign-up, and rotates the CSRF token', async () => {
    const s = session();
    const before = await s.fetchToken();
    const anonymousId = s.cookies.get('ss.sid');
    const student = newStudent();
    await s.signUp(student);
    const afterSignUp = s.cookies.get('ss.sid');
    expect(afterSignUp).toBeDefined();
    expect(afterSignUp).not.toBe(anonymousId);
    expect(await s.fetchToken()).not.toBe(before);

    // The pre-login cookie is dead: replaying it is a signed-out session.
    const replay = new HttpSession(server.url);
    replay.cookies.set('ss.sid', anonymousId!);
    replay.cookies.set('ss.sid.sig', '');
    expect((await replay.get('/api/is-authenticated/')).body.isAuthenticated).toBe(false);

    await s.post('/api/logout/');
    await s.logIn(student.username, student.password);
    expect(s.cookies.get('ss.sid')).not.toBe(afterSignUp);
  });

  it('logs out, destroys the session, and logs back in', async () => {
    const s = session();
    const student = newStudent();
    await s.signUp(student);
    const signedInCookies = new Map(s.cookies);

    const out = await s.post('/api/logout/');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ isAuthenticated: false });
    expect((await s.get('/api/is-authenticated/')).body).toEqual({ isAuthenticated: false });

    // The old cookie no longer opens the session: it was destroyed, not just forgotten.
    const stolen = new HttpSession(server.url);
    for (const [k, v] of signedInCookies) stolen.cookies.set(k, v);
    expect((await stolen.get('/api/is-authenticated/')).body).toEqual({ isAuthenticated: false });

    const back = await s.logIn(student.username.toUpperCase(), student.password);
    expect(back.status).toBe(200);
    expect(back.body.isAuthenticated).toBe(true);
    expect(back.body.user.username).toBe(student.username);
  });

  it('refuses a wrong password and an unknown username with the same message', async () => {
    const student = newStudent();
    await session().signUp(student);
    const wrong = await session().logIn(student.username, 'not-the-password');
    const unknown = await session().logIn('nobody-by-that-name', 'whatever');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ isAuthenticated: false, msg: 'Invalid username or password', error: 'INVALID_CREDENTIALS' });
    }
  });

  it('answers a registered email with isAuthenticated false and the spec message', async () => {
    const student = newStudent();
    await session().signUp(student);
    const s = session();
    const res = await s.signUp(newStudent({ email: student.email.toUpperCase() }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isAuthenticated: false, msg: 'Email Address is already registered!', field: 'email' });
    expect((await s.get('/api/is-authenticated/')).body.isAuthenticated).toBe(false);
  });

  it('answers a taken username (any case) with a message for the Username field', async () => {
    const student = newStudent();
    await session().signUp(student);
    const res = await session().signUp(newStudent({ username: student.username.toUpperCase() }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isAuthenticated: false, msg: 'That username is already taken', field: 'username' });
  });

  it('validates sign-up on the server in the spec order', async () => {
    const res = await session().signUp(newStudent({ firstName: '', major: '', email: 'x@gmail.com' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'VALIDATION_FAILED', message: 'Please enter first name', field: 'firstName' });
    const email = await session().signUp(newStudent({ email: 'x@gmail.com' }));
    expect(email.body).toMatchObject({ message: 'Please enter a valid UFL email', field: 'email' });
    const login = await session().post('/api/login/', { username: 'someone' });
    expect(login.status).toBe(400);
    expect(login.body).toMatchObject({ error: 'VALIDATION_FAILED', message: 'Please enter a password', field: 'password' });
  });

  it('refuses a POST with a missing or wrong CSRF token and changes nothing', async () => {
    const student = newStudent();
    const missing = await session().post('/api/signup/', student, { csrf: false });
    const wrong = await session().post('/api/signup/', student, { csrf: 'forged-token' });
    for (const res of [missing, wrong]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'CSRF_FAILED' });
      expect(typeof res.body.message).toBe('string');
    }
    // Nothing was created: the same sign-up with a token still succeeds.
    expect((await session().signUp(student)).body.isAuthenticated).toBe(true);

    // Logout without a token leaves the student signed in.
    const s = session();
    await s.logIn(student.username, student.password);
    expect((await s.post('/api/logout/', {}, { csrf: false })).status).toBe(403);
    expect((await s.get('/api/is-authenticated/')).body.isAuthenticated).toBe(true);

    // Another session's token does not work either.
    const otherToken = await session().fetchToken();
    expect((await s.post('/api/logout/', {}, { csrf: otherToken })).status).toBe(403);
  });

  it('answers malformed, oversize and mistyped bodies with a 4xx JSON error, never a 500', async () => {
    const s = session();
    const malformed = await s.post('/api/login/', undefined, { rawBody: '{"username": "a",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: 'MALFORMED_JSON' });
    expect(malformed.body.requestId).toBe(malformed.headers.get('x-request-id'));

    const oversize = await s.post('/api/signup/', { ...newStudent(), bio: 'x'.repeat(110_000) });
    expect(oversize.status).toBe(413);
    expect(oversize.body).toMatchObject({ error: 'PAYLOAD_TOO_LARGE' });

    const mistyped = await s.post('/api/login/', { username: 42, password: ['x'] });
    expect(mistyped.status).toBe(400);
    expect(mistyped.body).toMatchObject({ error: 'VALIDATION_FAILED', field: 'username' });

    const array = await s.post('/api/signup/', undefined, { rawBody: '[1,2,3]' });
    expect(array.status).toBe(400);
    expect(array.body.error).toBe('VALIDATION_FAILED');

    const scalar = await s.post('/api/login/', undefined, { rawBody: '"just a string"' });
    expect(scalar.status).toBe(400);

    const notFound = await s.get('/api/no-such-route/');
    expect(notFound.status).toBe(404);
    expect(notFound.body).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('rate-limits login failures per username with 429 and a clear msg', async () => {
    const student = newStudent();
    await session().signUp(student);
    for (let i = 0; i < 10; i++) {
      // A new session, so a new client address, each time: only the username counts up.
      expect((await session().logIn(student.username, `wrong-${i}`)).status).toBe(401);
    }
    const blocked = await session().logIn(student.username, student.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ error: 'RATE_LIMITED', isAuthenticated: false });
    expect(blocked.body.msg).toMatch(/^Too many failed login attempts\. Try again in 1[45] minutes\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('rate-limits login failures per client address across usernames', async () => {
    const student = newStudent();
    await session().signUp(student);
    const attacker = session();
    attacker.clientAddress = '203.0.113.7';
    for (let i = 0; i < 10; i++) {
      expect((await attacker.logIn(`guess-${i}`, 'wrong')).status).toBe(401);
    }
    expect((await attacker.logIn(student.username, student.password)).status).toBe(429);
    // The student, from their own address, is not locked out.
    expect((await session().logIn(student.username, student.password)).status).toBe(200);
  });

  it('keeps accounts and signed-in sessions across a server restart', async () => {
    const s = session();
    const student = newStudent();
    await s.signUp(student);
    await server.close();
    server = await startTestApp(target);
    s.baseUrl = server.url;
    const me = await s.get('/api/is-authenticated/');
    expect(me.body.isAuthenticated).toBe(true);
    expect(me.body.user.username).toBe(student.username);
    // The CSRF token survives too, so the next POST works.
    expect((await s.post('/api/logout/')).status).toBe(200);
  });
}

describe('auth API, embedded default (PGlite, sessions and rate limits in the database)', () => {
  authApiSuite(async () => ({ target: embeddedTarget(), cleanup: async () => {} }));
});

describe.skipIf(!hasPostgres() || !hasRedis())('auth API, Postgres + Redis', () => {
  authApiSuite(async () => {
    const db: TestDatabase = await createTestDatabase();
    const prefix = uniqueRedisPrefix();
    return {
      target: servicesTarget(db.url, redisUrl(), prefix),
      cleanup: async () => {
        await clearRedisPrefix(prefix);
        await db.drop();
      },
    };
  });
});
