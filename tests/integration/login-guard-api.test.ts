// The login guard over HTTP on both run modes, behind a trusted proxy
// (TRUST_PROXY: each HttpSession's X-Forwarded-For is its client address):
// clients counted by network (an IPv6 /64) in every per-address limit; device
// cookies, so a shared address a stranger got blocked does not lock out a
// student whose browser signed in before; the UF email as a login name, counted
// as the account it names; and the rules for a new password.
import { afterAll, describe, expect, it } from 'vitest';
import { TOKENS } from '@application/ports/tokens';
import { canonicalName } from '@domain/user/canonical-name';
import { HttpSession, newStudent, type ApiResponse } from '@tests/support/http-session';
import { SmtpSink, type ReceivedMail } from '@tests/support/smtp-sink';
import { describeOnEveryMode, type TestApp } from '@tests/support/test-app';

const sink = await SmtpSink.start();
afterAll(() => sink.close());

const DAY_SECONDS = 24 * 60 * 60;
const SHORT_MESSAGE = 'Choose a password of at least 8 characters.';
const COMMON_MESSAGE = 'That password is too common; choose another.';

let networkCounter = 0;
/** An IPv6 /64 no other test in this file uses: its addresses are `${prefix}:<interface id>`. */
const nextNetwork = () => `2001:db8:${(++networkCounter).toString(16)}:${process.pid.toString(16)}`;
/** The i-th address of a /64, each a different interface id. */
const addressIn = (network: string, i: number) =>
  `${network}:${(i + 1).toString(16)}:${((i * 7919) % 0x10000).toString(16)}:0:${i.toString(16)}`;

/** A session (a browser of its own) whose client address is the one given. */
function browserAt(app: TestApp, address: string): HttpSession {
  const browser = new HttpSession(app.url);
  browser.clientAddress = address;
  return browser;
}

const deviceCookies = (browser: HttpSession) => [...browser.cookies.keys()].filter((name) => name.startsWith('ss.device.'));
const setCookieLine = (res: ApiResponse, prefix: string) => res.headers.getSetCookie().find((line) => line.startsWith(prefix));

async function signedUp(app: TestApp, overrides: Record<string, string> = {}): Promise<Record<string, string>> {
  const form = newStudent(overrides);
  const res = await new HttpSession(app.url).signUp(form);
  expect(res.body.isAuthenticated, JSON.stringify(res.body)).toBe(true);
  return form;
}

/** 10 wrong passwords for the student (their pair is then blocked) and 90 for made-up names: the address is blocked too. */
async function strangerBlocks(app: TestApp, address: string, username: string): Promise<void> {
  const stranger = browserAt(app, address);
  for (let i = 0; i < 10; i++) expect((await stranger.logIn(username, `wrong-${i}`)).status).toBe(401);
  for (let i = 0; i < 90; i++) expect((await stranger.logIn(`nobody-${i}`, `wrong-${i}`)).status).toBe(401);
  expect((await stranger.logIn(username, 'wrong-again')).status).toBe(429);
}

function loginGuardSuite(app: TestApp) {
  describe('clients are counted by network', () => {
    it('gives 100 failed logins to a whole IPv6 /64, however its addresses rotate; the next /64 is another client', async () => {
      const student = await signedUp(app);
      const network = nextNetwork();
      for (let i = 0; i < 100; i++) {
        expect((await browserAt(app, addressIn(network, i)).logIn(`guess-${i}`, 'wrong')).status).toBe(401);
      }
      const refused = await browserAt(app, addressIn(network, 100)).logIn(student.username, student.password);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: 'RATE_LIMITED', isAuthenticated: false });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect((await browserAt(app, `${nextNetwork()}::1`).logIn(student.username, student.password)).status).toBe(200);
    });

    it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
      const student = await signedUp(app);
      const address = `198.18.${networkCounter % 250}.${++networkCounter % 250}`;
      for (let i = 0; i < 100; i++) {
        const from = i % 2 === 0 ? address : `::ffff:${address}`;
        expect((await browserAt(app, from).logIn(`guess-${i}`, 'wrong')).status).toBe(401);
      }
      expect((await browserAt(app, address).logIn(student.username, student.password)).status).toBe(429);
      expect((await browserAt(app, `::FFFF:${address}`).logIn(student.username, student.password)).status).toBe(429);
    });

    it('gives 10 failures for one account to a /64, not to each of its addresses', async () => {
      const student = await signedUp(app);
      const network = nextNetwork();
      for (let i = 0; i < 10; i++) expect((await browserAt(app, addressIn(network, i)).logIn(student.username, 'wrong')).status).toBe(401);
      expect((await browserAt(app, addressIn(network, 10)).logIn(student.username, student.password)).status).toBe(429);
    });

    it('gives 50 sign-ups an hour to a /64', async () => {
      const network = nextNetwork();
      for (let i = 0; i < 50; i++) expect((await browserAt(app, addressIn(network, i)).signUp(newStudent())).status).toBe(200);
      const refused = await browserAt(app, addressIn(network, 50)).signUp(newStudent());
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ error: 'RATE_LIMITED' });
    }, 120_000);

    it('gives 30 password reset requests an hour to a /64', async () => {
      const network = nextNetwork();
      for (let i = 0; i < 30; i++) {
        const res = await browserAt(app, addressIn(network, i)).post('/api/request-password-reset/', { emailOrUsername: `nobody-${i}` });
        expect(res.status).toBe(200);
      }
      const refused = await browserAt(app, addressIn(network, 30)).post('/api/request-password-reset/', { emailOrUsername: 'nobody' });
      expect(refused.status).toBe(429);
    });

    it('gives 300 new visitor tokens a minute to a /64', async () => {
      const network = nextNetwork();
      const mint = (i: number) =>
        fetch(`${app.url}/api/get-token/`, { headers: { 'X-Forwarded-For': addressIn(network, i) } }).then((r) => r.status);
      for (let batch = 0; batch < 10; batch++) {
        const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => mint(batch * 30 + i)));
        expect(statuses.every((status) => status === 200)).toBe(true);
      }
      expect(await mint(300)).toBe(429);
    });
  });

  describe('device cookies', () => {
    it("lets a student's browser that signed in before through an address a stranger's 100 failures blocked; a new browser there is held", async () => {
      const student = await signedUp(app);
      const campus = `${nextNetwork()}::1`;
      const laptop = browserAt(app, campus);
      const firstLogin = await laptop.logIn(student.username, student.password);
      expect(firstLogin.status).toBe(200);
      const line = setCookieLine(firstLogin, 'ss.device.');
      expect(line).toBeDefined();
      expect(line).toMatch(/; httponly/i);
      expect(line).toMatch(/; samesite=lax/i);
      expect(line).not.toMatch(/; secure/i); // tests run without COOKIE_SECURE, like development
      const expires = new Date(/expires=([^;]+)/i.exec(line!)![1]).getTime();
      expect((expires - Date.now()) / 1000).toBeGreaterThan(179 * DAY_SECONDS);
      expect((expires - Date.now()) / 1000).toBeLessThanOrEqual(180 * DAY_SECONDS + 5);
      const [cookieName] = deviceCookies(laptop);
      const firstValue = laptop.cookies.get(cookieName);
      expect((await laptop.post('/api/logout/')).status).toBe(200);

      await strangerBlocks(app, campus, student.username);

      // A browser that never signed in as the student meets the limits: held, right password and all.
      const newBrowser = browserAt(app, campus);
      const held = await newBrowser.logIn(student.username, student.password);
      expect(held.status).toBe(429);
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);

      // The student's own browser goes through at once, and gets a new device cookie.
      const back = await laptop.logIn(student.username, student.password);
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ isAuthenticated: true, user: { username: student.username } });
      expect(laptop.cookies.get(cookieName)).toBeDefined();
      expect(laptop.cookies.get(cookieName)).not.toBe(firstValue);
      // Still signed in from there: changing the password checks it through the same guard, and the device passes.
      const changed = await laptop.post('/api/change-password/', {
        currentPassword: student.password,
        newPassword: 'a-fresh-swamp-password',
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      // The old cookie (a copy) is still a signed device cookie of this account.
      const copy = browserAt(app, campus);
      copy.cookies.set(cookieName, firstValue!);
      expect((await copy.logIn(student.username, 'a-fresh-swamp-password')).status).toBe(200);
    }, 60_000);

    it('keeps one cookie per account: two students on one browser both get through; a third account does not', async () => {
      const [first, second, third] = [await signedUp(app), await signedUp(app), await signedUp(app)];
      const dorm = `${nextNetwork()}::1`;
      const shared = browserAt(app, dorm);
      for (const student of [first, second]) {
        expect((await shared.logIn(student.username, student.password)).status).toBe(200);
        await shared.post('/api/logout/');
      }
      expect(deviceCookies(shared)).toHaveLength(2);

      await strangerBlocks(app, dorm, first.username);
      for (const student of [first, second]) {
        expect((await shared.logIn(student.username.toUpperCase(), student.password)).status, student.username).toBe(200);
        await shared.post('/api/logout/');
      }
      expect((await shared.logIn(third.username, third.password)).status).toBe(429);
    }, 60_000);

    it('locks a device cookie after 10 failures with it; a tampered or borrowed cookie counts for nothing', async () => {
      const student = await signedUp(app);
      const other = await signedUp(app);
      const home = browserAt(app, `${nextNetwork()}::1`);
      expect((await home.logIn(student.username, student.password)).status).toBe(200);
      await home.post('/api/logout/');
      const [cookieName] = deviceCookies(home);
      const value = home.cookies.get(cookieName)!;

      // 10 failures with the cookie are answered; the 11th try, the right password too, is refused.
      for (let i = 0; i < 10; i++) expect((await home.logIn(student.username, `wrong-${i}`)).status).toBe(401);
      const locked = await home.logIn(student.username, student.password);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
      // The account is not locked: the student gets in from another browser at another address.
      expect((await browserAt(app, `${nextNetwork()}::1`).logIn(student.username, student.password)).status).toBe(200);

      // A blocked address, then the same cookie with one character of its signature changed: an untrusted browser.
      const blocked = `${nextNetwork()}::1`;
      await strangerBlocks(app, blocked, other.username);
      const forged = browserAt(app, blocked);
      const last = value.at(-1) === 'A' ? 'B' : 'A';
      forged.cookies.set(cookieName, `${value.slice(0, -1)}${last}`);
      expect((await forged.logIn(student.username, student.password)).status).toBe(429);
      // The student's cookie under the other account's cookie name, for the other account: no use either.
      const borrowed = browserAt(app, blocked);
      borrowed.cookies.set(`ss.device.${Buffer.from(canonicalName(other.username)).toString('base64url')}`, value);
      expect((await borrowed.logIn(other.username, other.password)).status).toBe(429);
    }, 60_000);
  });

  describe('the UF email as the login name', () => {
    it('logs in with the UF email, in any case, as with the username; a wrong password is the same 401', async () => {
      const student = await signedUp(app);
      const browser = browserAt(app, `${nextNetwork()}::1`);
      const res = await browser.logIn(student.email.toUpperCase(), student.password);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ isAuthenticated: true, user: { username: student.username, email: student.email } });
      const wrong = await browserAt(app, `${nextNetwork()}::1`).logIn(student.email, 'not-the-password');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ error: 'INVALID_CREDENTIALS', isAuthenticated: false, msg: 'Invalid username or password' });
      const unknown = await browserAt(app, `${nextNetwork()}::1`).logIn('nobody-here@ufl.edu', student.password);
      expect({ ...unknown.body, requestId: '' }).toEqual({ ...wrong.body, requestId: '' });
    });

    it('counts failures by username and by email as one account: 10 split across both block the pair', async () => {
      const student = await signedUp(app);
      const address = `${nextNetwork()}::1`;
      for (let i = 0; i < 10; i++) {
        const name = i % 2 === 0 ? student.username : student.email.toUpperCase();
        expect((await browserAt(app, address).logIn(name, `wrong-${i}`)).status, name).toBe(401);
      }
      for (const name of [student.username, student.email]) {
        const refused = await browserAt(app, address).logIn(name, student.password);
        expect(refused.status, name).toBe(429);
        expect(refused.body).toMatchObject({ error: 'RATE_LIMITED', isAuthenticated: false });
      }
      // Only that pair: the student gets in from elsewhere, by email.
      expect((await browserAt(app, `${nextNetwork()}::1`).logIn(student.email, student.password)).status).toBe(200);
    });

    it("honours the account's device cookie whichever name a login uses, and sets one for the account", async () => {
      const student = await signedUp(app);
      const campus = `${nextNetwork()}::1`;
      const laptop = browserAt(app, campus);
      expect((await laptop.logIn(student.username, student.password)).status).toBe(200);
      await laptop.post('/api/logout/');
      const tablet = browserAt(app, campus);
      expect((await tablet.logIn(student.email, student.password)).status).toBe(200);
      await tablet.post('/api/logout/');
      const accountCookie = `ss.device.${Buffer.from(canonicalName(student.username)).toString('base64url')}`;
      expect(deviceCookies(laptop)).toEqual([accountCookie]);
      expect(deviceCookies(tablet)).toEqual([accountCookie]);

      await strangerBlocks(app, campus, student.email);
      expect((await browserAt(app, campus).logIn(student.username, student.password)).status).toBe(429);
      // Each browser's cookie is the account's: it passes under the other spelling.
      expect((await laptop.logIn(student.email, student.password)).status).toBe(200);
      expect((await tablet.logIn(student.username, student.password)).status).toBe(200);
    }, 60_000);
  });

  describe('new passwords', () => {
    const tokenOf = (mail: ReceivedMail) => new URL(mail.link).searchParams.get('token')!;

    it('refuses a sign-up with a password under 8 characters or among the 10,000 most common, naming the field; nothing is created', async () => {
      const form = newStudent({ password: 'gator12' });
      const short = await new HttpSession(app.url).signUp(form);
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ error: 'VALIDATION_FAILED', field: 'password', message: SHORT_MESSAGE });
      for (const common of ['password1', 'Sunshine', 'BASEBALL']) {
        const res = await new HttpSession(app.url).signUp({ ...form, password: common });
        expect(res.status, common).toBe(400);
        expect(res.body).toMatchObject({ error: 'VALIDATION_FAILED', field: 'password', message: COMMON_MESSAGE });
      }
      // Nothing was created: the same username and address sign up with a good password.
      expect((await new HttpSession(app.url).signUp({ ...form, password: 'gators-in-the-swamp' })).body.isAuthenticated).toBe(true);
    });

    it('refuses a short or common password at reset and change, and the link and the old password still work', async () => {
      const form = await signedUp(app);
      const student = new HttpSession(app.url);
      expect((await student.logIn(form.username, form.password)).status).toBe(200);

      for (const [newPassword, message] of [
        ['short-1', SHORT_MESSAGE],
        ['iloveyou', COMMON_MESSAGE],
      ]) {
        const res = await student.post('/api/change-password/', { currentPassword: form.password, newPassword });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ error: 'VALIDATION_FAILED', field: 'newPassword', message });
      }
      expect((await new HttpSession(app.url).logIn(form.username, form.password)).status).toBe(200);

      await new HttpSession(app.url).post('/api/request-password-reset/', { emailOrUsername: form.username });
      const [, mail] = await sink.waitFor(form.email, 2);
      const visitor = new HttpSession(app.url);
      for (const [password, message] of [
        ['2short', SHORT_MESSAGE],
        ['Football1', COMMON_MESSAGE],
      ]) {
        const res = await visitor.post('/api/reset-password/', { token: tokenOf(mail), password });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ error: 'VALIDATION_FAILED', field: 'password', message });
      }
      expect((await visitor.post('/api/reset-password/', { token: tokenOf(mail), password: 'swamp-reset-password' })).status).toBe(200);
      expect((await new HttpSession(app.url).logIn(form.username, 'swamp-reset-password')).status).toBe(200);
    });

    it('still signs in an existing account whose password is short or common', async () => {
      const form = await signedUp(app);
      const users = app.server.resolve(TOKENS.UserRepository);
      const hasher = app.server.resolve(TOKENS.PasswordHasher);
      const { user } = (await users.findCredentialsByUsername(canonicalName(form.username)))!;
      for (const old of ['abc', 'password']) {
        await users.setPasswordHash(user.id, await hasher.hash(old));
        const res = await new HttpSession(app.url).logIn(form.username, old);
        expect(res.status, old).toBe(200);
        expect(res.body.user.username).toBe(form.username);
      }
    });
  });
}

describeOnEveryMode('login guard API', loginGuardSuite, { env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://swamp.example.edu' } });
