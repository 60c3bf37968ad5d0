// The login guard over HTTP on both run modes, behind a trusted proxy
// (TRUST_PROXY: each HttpSession's X-Forwarded-For is its client address):
// clients counted by network (an IPv6 /64) in every per-address limit.
import { describe, expect, it } from 'vitest';
import { HttpSession, newStudent } from '../support/http-session';
import { describeOnEveryMode, type TestApp } from '../support/test-app';

let networkCounter = 0;
/** An IPv6 /64 no other test in this file uses: its addresses are `${prefix}:<interface id>`. */
const nextNetwork = () => `2001:db8:${(++networkCounter).toString(16)}:${process.pid.toString(16)}`;
/** The i-th address of a /64, each a different interface id. */
const addressIn = (network: string, i: number) => `${network}:${(i + 1).toString(16)}:${((i * 7919) % 0x10000).toString(16)}:0:${i.toString(16)}`;

/** A session (a browser of its own) whose client address is the one given. */
function browserAt(app: TestApp, address: string): HttpSession {
  const browser = new HttpSession(app.url);
  browser.clientAddress = address;
  return browser;
}

async function signedUp(app: TestApp, overrides: Record<string, string> = {}): Promise<Record<string, string>> {
  const form = newStudent(overrides);
  const res = await new HttpSession(app.url).signUp(form);
  expect(res.body.isAuthenticated, JSON.stringify(res.body)).toBe(true);
  return form;
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
      const mint = (i: number) => fetch(`${app.url}/api/get-token/`, { headers: { 'X-Forwarded-For': addressIn(network, i) } }).then((r) => r.status);
      for (let batch = 0; batch < 10; batch++) {
        const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => mint(batch * 30 + i)));
        expect(statuses.every((status) => status === 200)).toBe(true);
      }
      expect(await mint(300)).toBe(429);
    });
  });
}

describeOnEveryMode('login guard API', loginGuardSuite);
