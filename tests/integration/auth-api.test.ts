// The five account calls over HTTP against the real app, on Postgres + Redis and
// on the embedded default.
// Over 300 lines: one suite per run mode, whose cases share the app it starts.
import { describe, expect, it } from 'vitest';
import { INFRA } from '@adapters/container';
import { keysUnder } from '@tests/support/chat-fixtures';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

const SIGN_UPS_PER_HOUR = 50;
let addressCounter = 0;
/** A client address no other test in this file uses. */
const nextAddress = () => `203.0.${113 + Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

async function countSessions({ server, target }: TestApp): Promise<number> {
  if (target.name === 'services') {
    return (await keysUnder(server.resolve(INFRA.Redis), `${target.env.REDIS_KEY_PREFIX}session:*`)).length;
  }
  const [{ count }] = await server.resolve(INFRA.Knex)('sessions').count({ count: '*' });
  return Number(count);
}

const USER_FIELDS = ['id', 'firstName', 'lastName', 'username', 'email', 'major', 'year', 'bio', 'emailVerified'].sort();
/** A refused login, 401 or 429: the house error with the spec's auth fields, in this order and nothing else. */
const LOGIN_REFUSAL_KEYS = ['error', 'message', 'isAuthenticated', 'msg', 'requestId'];

function authApiSuite(app: TestApp) {
  const session = () => new HttpSession(app.url);

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

  it('regenerates the session id at sign-up and login: a signed-in cookie pair from before a re-login is dead afterwards', async () => {
    const other = newStudent();
    await session().signUp(other);
    const s = session();
    const anonymousToken = await s.fetchToken();
    const student = newStudent();
    await s.signUp(student);
    expect(await s.fetchToken()).not.toBe(anonymousToken);
    const before = new Map([...s.cookies].filter(([name]) => name.startsWith('ss.sid')));
    expect([...before.keys()].sort()).toEqual(['ss.sid', 'ss.sid.sig']);
    const replay = async () => {
      const thief = session();
      for (const [name, value] of before) thief.cookies.set(name, value);
      return (await thief.get('/api/is-authenticated/')).body;
    };
    // The real signed pair opens the session, so the replay below can tell.
    expect(await replay()).toMatchObject({ isAuthenticated: true, user: { username: student.username } });

    // Logging in as another student from the same browser, without logging out.
    const tokenBefore = await s.fetchToken();
    expect((await s.logIn(other.username, other.password)).status).toBe(200);
    expect(s.cookies.get('ss.sid')).not.toBe(before.get('ss.sid'));
    expect(await s.fetchToken()).not.toBe(tokenBefore);
    expect(await replay()).toEqual({ isAuthenticated: false });
    expect((await s.get('/api/is-authenticated/')).body.user.username).toBe(other.username);
  });

  it("keeps a visitor's CSRF token in a signed cookie, not in a stored session, and retires it at sign-in", async () => {
    const s = session();
    const res = await s.get('/api/get-token/');
    const token = res.body.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('ss.sid'))).toBe(false);
    const cookie = cookies.find((c) => c.startsWith('ss.csrf='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/;\s*secure/i);
    expect(cookie).not.toMatch(/expires=/i);
    expect(cookies.some((c) => c.startsWith('ss.csrf.sig='))).toBe(true);
    // The same browser gets the same token back.
    expect((await s.get('/api/get-token/')).body.token).toBe(token);

    // Another visitor's token, a forged cookie, a cookie with no signature: refused.
    const stranger = session();
    await stranger.fetchToken();
    expect((await stranger.post('/api/logout/', {}, { csrf: token })).status).toBe(403);
    const forger = session();
    forger.cookies.set('ss.csrf', token);
    expect((await forger.post('/api/logout/', {}, { csrf: token })).status).toBe(403);
    forger.cookies.set(
      'ss.csrf.sig',
      s.cookies.get('ss.csrf.sig')!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
    );
    expect((await forger.post('/api/logout/', {}, { csrf: token })).status).toBe(403);

    // Signing up uses it, then retires it: the session has a token of its own.
    expect((await s.post('/api/signup/', newStudent(), { csrf: token })).body.isAuthenticated).toBe(true);
    expect(s.cookies.has('ss.csrf')).toBe(false);
    expect((await s.post('/api/logout/', {}, { csrf: token })).status).toBe(403);
    expect((await s.post('/api/logout/')).status).toBe(200);
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
    const stolen = new HttpSession(app.url);
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
      expect(Object.keys(res.body)).toEqual(LOGIN_REFUSAL_KEYS);
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

  it('refuses a client address after 100 failures across usernames, until its hour ends', async () => {
    const student = newStudent();
    await session().signUp(student);
    const sprayer = session();
    sprayer.clientAddress = nextAddress();
    for (let i = 0; i < 100; i++) expect((await sprayer.logIn(`guess-${i}`, 'wrong')).status).toBe(401);
    const refused = await sprayer.logIn(student.username, student.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      error: 'RATE_LIMITED',
      isAuthenticated: false,
      msg: expect.stringMatching(/^Too many failed login attempts\. Try again in \d+ minutes?\.$/),
    });
    expect(Object.keys(refused.body)).toEqual(LOGIN_REFUSAL_KEYS);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    // The student, from their own address, is not locked out.
    expect((await session().logIn(student.username, student.password)).status).toBe(200);
  });

  describe('abuse found by the hostile tester', () => {
    it('evaluates at most 10 of 30 parallel wrong guesses for one account from one address; the rest are 429', async () => {
      const student = newStudent();
      await session().signUp(student);
      const attacker = session();
      attacker.clientAddress = nextAddress();
      await attacker.fetchToken();
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => attacker.logIn(student.username, `wrong-${i}`)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      const refused = answers.find((a) => a.status === 429)!;
      expect(refused.body).toMatchObject({ error: 'RATE_LIMITED', isAuthenticated: false });
      expect(refused.body.msg).toBe(refused.body.message);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // The pair is now blocked for 15 minutes, the right password included.
      const blocked = await attacker.logIn(student.username, student.password);
      expect(blocked.status).toBe(429);
      expect(blocked.body.msg).toMatch(/^Too many failed login attempts\. Try again in 1[45] minutes\.$/);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
      expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    });

    it("does not let a stranger's 10 failures from one address lock out the owner elsewhere or a neighbour behind that address", async () => {
      const owner = newStudent();
      const neighbour = newStudent();
      await session().signUp(owner);
      await session().signUp(neighbour);
      const campusNat = nextAddress();
      const stranger = session();
      stranger.clientAddress = campusNat;
      for (let i = 0; i < 10; i++) expect((await stranger.logIn(owner.username, `wrong-${i}`)).status).toBe(401);
      expect((await stranger.logIn(owner.username, owner.password)).status).toBe(429);

      const ownerElsewhere = session();
      ownerElsewhere.clientAddress = nextAddress();
      const ownerIn = await ownerElsewhere.logIn(owner.username, owner.password);
      expect(ownerIn.status).toBe(200);
      expect(ownerIn.body).toMatchObject({ isAuthenticated: true, user: { username: owner.username } });

      const nextDoor = session();
      nextDoor.clientAddress = campusNat;
      const neighbourIn = await nextDoor.logIn(neighbour.username, neighbour.password);
      expect(neighbourIn.status).toBe(200);
      expect(neighbourIn.body.user.username).toBe(neighbour.username);
    });

    it('does not log in with a U+0130 spelling after a lock, and every spelling that names the account shares its counter', async () => {
      const student = newStudent({ username: `libby${Date.now() % 1e7}${Math.floor(Math.random() * 1e4)}` });
      await session().signUp(student);
      const attackerAddress = nextAddress();
      const attacker = session();
      attacker.clientAddress = attackerAddress;
      for (let i = 0; i < 10; i++) expect((await attacker.logIn(student.username, `wrong-${i}`)).status).toBe(401);
      expect((await attacker.logIn(student.username, student.password)).status).toBe(429);

      const dotted = student.username.replace('i', '\u0130');
      for (const address of [attackerAddress, nextAddress()]) {
        const s = session();
        s.clientAddress = address;
        const res = await s.logIn(dotted, student.password);
        expect(res.status, `from ${address}`).not.toBe(200);
        expect(res.body.isAuthenticated).toBe(false);
      }
      // Spellings that do canonicalise to the account hit the blocked pair.
      const fullWidth = [...student.username.toUpperCase()].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
      for (const spelling of [student.username.toUpperCase(), fullWidth]) {
        const s = session();
        s.clientAddress = attackerAddress;
        expect((await s.logIn(spelling, student.password)).status, spelling).toBe(429);
      }
    });

    it('refuses invisible characters in sign-up addresses and usernames, and lookalike twins of an account', async () => {
      const local = `sp${Date.now() % 1e7}${Math.floor(Math.random() * 1e4)}`;
      const alone = await session().signUp(newStudent({ email: `${local}z\u200b@ufl.edu` }));
      expect(alone.status).toBe(400);
      expect(alone.body).toMatchObject({
        error: 'VALIDATION_FAILED',
        field: 'email',
        message: 'Email must not contain invisible characters',
      });

      expect((await session().signUp(newStudent({ email: `${local}@ufl.edu` }))).body.isAuthenticated).toBe(true);
      for (const email of [`${local}\u200b@ufl.edu`, `\u200e${local}@ufl.edu`, `${local}\u202e@ufl.edu`]) {
        const twin = await session().signUp(newStudent({ email }));
        expect(twin.status, JSON.stringify(email)).toBe(400);
        expect(twin.body).toMatchObject({
          error: 'VALIDATION_FAILED',
          field: 'email',
          message: 'Email must not contain invisible characters',
        });
      }
      const fullWidthTwin = await session().signUp(newStudent({ email: `\uff53${local.slice(1)}@ufl.edu` }));
      expect(fullWidthTwin.body).toEqual({ isAuthenticated: false, msg: 'Email Address is already registered!', field: 'email' });

      const username = await session().signUp(newStudent({ username: 'gator\u200bfan' }));
      expect(username.status).toBe(400);
      expect(username.body).toMatchObject({
        error: 'VALIDATION_FAILED',
        field: 'username',
        message: 'Username must not contain invisible characters',
      });
    });

    it('stores no session for 3,000 anonymous token requests', async () => {
      const before = await countSessions(app);
      const addresses = Array.from({ length: 12 }, () => nextAddress());
      const tokens = new Set<string>();
      for (let batch = 0; batch < 60; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 50 }, async (_, i) => {
            const res = await fetch(`${app.url}/api/get-token/`, {
              headers: { 'X-Forwarded-For': addresses[(batch * 50 + i) % addresses.length] },
            });
            expect(res.status).toBe(200);
            return ((await res.json()) as { token: string }).token;
          }),
        );
        for (const token of answers) tokens.add(token);
      }
      expect(tokens.size).toBe(3000);
      expect(await countSessions(app)).toBe(before);
    }, 180_000);

    it('throttles new anonymous tokens per client address, never a browser that already holds one', async () => {
      const student = newStudent();
      await session().signUp(student);
      const address = nextAddress();
      const browser = session();
      browser.clientAddress = address;
      const token = await browser.fetchToken();
      const mint = () => fetch(`${app.url}/api/get-token/`, { headers: { 'X-Forwarded-For': address } });
      for (let batch = 0; batch < 13; batch++) {
        const statuses = await Promise.all(Array.from({ length: 23 }, () => mint().then((r) => r.status)));
        expect(statuses.every((status) => status === 200)).toBe(true);
      }
      const refused = await mint();
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ error: 'RATE_LIMITED' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      // The browser with its cookie keeps its token, and can sign in with it.
      expect((await browser.get('/api/get-token/')).body.token).toBe(token);
      expect((await browser.logIn(student.username, student.password)).status).toBe(200);
      expect((await browser.get('/api/get-token/')).status).toBe(200);
    });

    it('throttles sign-ups per client address', async () => {
      const address = nextAddress();
      const statuses: number[] = [];
      for (let i = 0; i < SIGN_UPS_PER_HOUR; i++) {
        const s = session();
        s.clientAddress = address;
        statuses.push((await s.signUp(newStudent())).status);
      }
      expect(statuses.every((status) => status === 200)).toBe(true);
      const s = session();
      s.clientAddress = address;
      const refused = await s.signUp(newStudent());
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: 'RATE_LIMITED' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
      // Another address is unaffected.
      expect((await session().signUp(newStudent())).status).toBe(200);
    }, 120_000);
  });

  it('keeps accounts and signed-in sessions across a server restart', async () => {
    const s = session();
    const student = newStudent();
    await s.signUp(student);
    await app.restart();
    s.baseUrl = app.url;
    const me = await s.get('/api/is-authenticated/');
    expect(me.body.isAuthenticated).toBe(true);
    expect(me.body.user.username).toBe(student.username);
    // The CSRF token survives too, so the next POST works.
    expect((await s.post('/api/logout/')).status).toBe(200);
  });
}

describeOnEveryMode('auth API', authApiSuite);
