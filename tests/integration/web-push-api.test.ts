// Web push end to end on the server side, on both run modes: a student turns
// notifications on for two devices of a push service on this machine, and
// what the server sends there decrypts with each device's own keys and carries
// a VAPID signature by the key the student's page was given. A device the
// push service says is gone (410) is forgotten; one it cannot take now (500,
// or no answer within the timeout) counts as failed and gets the message on
// the retry, and a retried send reaches each device once. Bad subscriptions,
// another student's device, missing CSRF and a server without keys are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushSender } from '@application/ports/push-sender';
import { TOKENS } from '@application/ports/tokens';
import { UserId } from '@domain/ids';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { TestPushService } from '@tests/support/push-service';
import { operatorVapidKeys } from '@tests/support/vapid-keys';
import { useTestApp, type TestApp } from '@tests/support/test-app';
import { hasPostgres, hasRedis } from '@tests/support/use-adapters';

const MESSAGE = { title: 'Exam 1 Crammers', body: '3 new messages, 1 mentions you', url: '/study-group/34', tag: 'group-34' };

function webPushSuite(app: TestApp, subject: () => string) {
  const push = new TestPushService();
  let student: HttpSession;
  let userId: UserId;
  let publicKey: string;
  const sender = () => app.server.resolve(TOKENS.PushSender) as PushSender;

  beforeAll(async () => {
    await push.start();
    student = new HttpSession(app.url);
    const signedUp = await student.signUp(newStudent());
    userId = UserId(signedUp.body.user.id);
  });
  afterAll(() => push.stop());

  it('gives the page the VAPID public key to subscribe with, only when signed in', async () => {
    const key = await student.get('/api/push-key/');
    expect(key.status).toBe(200);
    expect(key.body.enabled).toBe(true);
    expect(key.body.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    publicKey = key.body.publicKey;
    expect((await new HttpSession(app.url).get('/api/push-key/')).status).toBe(401);
  });

  it("delivers a test notification to each device, encrypted for it and signed with the server's key", async () => {
    for (const name of ['phone', 'laptop']) {
      const saved = await student.post('/api/insert-push-subscription/', { ...push.device(name).subscription, expirationTime: null });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      expect(saved.body).toEqual({ subscribed: true });
    }
    const tested = await student.post('/api/send-test-notification/');
    expect(tested.body).toEqual({ sent: 2, removed: 0, failed: 0 });
    expect(push.errors).toEqual([]);
    for (const name of ['phone', 'laptop']) {
      const [received] = push.to(name);
      expect(received.payload).toEqual({
        title: 'Study Swamp',
        body: 'Notifications are on for this device.',
        url: '/profile',
        tag: 'test-notification',
      });
      expect(received.vapidKey).toBe(publicKey);
      expect(received.claims.aud).toBe(push.url);
      expect(received.claims.sub).toBe(subject());
      expect(received.claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(received.headers['content-encoding']).toBe('aes128gcm');
      expect(received.headers.ttl).toBe('86400');
      expect(received.headers.urgency).toBe('normal');
      expect(received.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    }
  });

  it('sends a message once per device and key, even when the send is retried', async () => {
    const before = push.received.length;
    expect(await sender().send(userId, MESSAGE, 'group-34:batch-1')).toEqual({ sent: 2, removed: 0, failed: 0 });
    expect(await sender().send(userId, MESSAGE, 'group-34:batch-1')).toEqual({ sent: 2, removed: 0, failed: 0 });
    const delivered = push.received.slice(before);
    expect(delivered.map((p) => p.device).sort()).toEqual(['laptop', 'phone']);
    expect(delivered.every((p) => JSON.stringify(p.payload) === JSON.stringify(MESSAGE))).toBe(true);
  });

  it('counts a device the push service cannot take now as failed, and the retry reaches only that one', async () => {
    push.answers.set('laptop', 500);
    expect(await sender().send(userId, MESSAGE, 'group-34:batch-2')).toEqual({ sent: 1, removed: 0, failed: 1 });
    push.answers.delete('laptop');
    const before = push.received.length;
    expect(await sender().send(userId, MESSAGE, 'group-34:batch-2')).toEqual({ sent: 2, removed: 0, failed: 0 });
    expect(push.received.slice(before).map((p) => p.device)).toEqual(['laptop']);
  });

  it('forgets a device the push service says is gone (410): nothing is sent to it again', async () => {
    push.answers.set('phone', 410);
    expect(await sender().send(userId, MESSAGE, 'group-34:batch-3')).toEqual({ sent: 1, removed: 1, failed: 0 });
    push.answers.delete('phone');
    const before = push.received.length;
    expect(await sender().send(userId, MESSAGE, 'group-34:batch-4')).toEqual({ sent: 1, removed: 0, failed: 0 });
    expect(push.received.slice(before).map((p) => p.device)).toEqual(['laptop']);
  });

  it('refuses a subscription no browser makes, without CSRF, or signed out, with the house error shape', async () => {
    const device = push.device('odd');
    const cases: [unknown, number, string][] = [
      [{ ...device.subscription, endpoint: 'http://push.example.net/x' }, 400, 'INVALID_PUSH_SUBSCRIPTION'],
      [{ ...device.subscription, endpoint: 'https://10.0.0.7/x' }, 400, 'INVALID_PUSH_SUBSCRIPTION'],
      [{ ...device.subscription, keys: { ...device.subscription.keys, p256dh: 'BAAA' } }, 400, 'INVALID_PUSH_SUBSCRIPTION'],
      [{ ...device.subscription, keys: { ...device.subscription.keys, auth: 'a'.repeat(40) } }, 400, 'INVALID_PUSH_SUBSCRIPTION'],
      [{ ...device.subscription, endpoint: `${push.url}/push/\u0000` }, 400, 'VALIDATION_FAILED'],
      [{ endpoint: device.subscription.endpoint }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const res = await student.post('/api/insert-push-subscription/', body);
      expect([res.status, res.body.error], JSON.stringify(body)).toEqual([status, code]);
      expect(typeof res.body.message).toBe('string');
    }
    const noCsrf = await student.post('/api/insert-push-subscription/', device.subscription, { csrf: false });
    expect(noCsrf.status).toBe(403);
    const signedOut = await new HttpSession(app.url).post('/api/insert-push-subscription/', device.subscription);
    expect(signedOut.status).toBe(401);
    expect(push.to('odd')).toEqual([]);
  });

  it("turns off only the student's own device; another student subscribing the same browser takes it over", async () => {
    const other = new HttpSession(app.url);
    await other.signUp(newStudent());
    const laptop = push.device('laptop').subscription;
    await student.post('/api/insert-push-subscription/', laptop);
    expect((await other.post('/api/delete-push-subscription/', { endpoint: laptop.endpoint })).body).toEqual({ removed: false });
    expect((await student.post('/api/send-test-notification/')).body).toMatchObject({ sent: 1 });
    // The same browser, now signed in as the other student: the device moves to them.
    await other.post('/api/insert-push-subscription/', laptop);
    expect((await student.post('/api/send-test-notification/')).body).toEqual({ sent: 0, removed: 0, failed: 0 });
    expect((await other.post('/api/delete-push-subscription/', { endpoint: laptop.endpoint })).body).toEqual({ removed: true });
    expect((await other.post('/api/send-test-notification/')).body).toEqual({ sent: 0, removed: 0, failed: 0 });
  });

  it('forgets every device of a deleted account', async () => {
    const leaving = new HttpSession(app.url);
    const fields = newStudent();
    const signedUp = await leaving.signUp(fields);
    const leavingId = UserId(signedUp.body.user.id);
    await leaving.post('/api/insert-push-subscription/', push.device('leaving').subscription);
    expect((await leaving.post('/api/delete-account/', { password: fields.password })).status).toBe(200);
    expect(await sender().send(leavingId, MESSAGE, 'after-deletion')).toEqual({ sent: 0, removed: 0, failed: 0 });
    expect(push.to('leaving')).toEqual([]);
  });
}

describe('web push, embedded default (keys made and kept in DATA_DIR)', () => {
  const app = useTestApp('embedded', { env: { PUSH_ALLOW_LOOPBACK: 'true' } });
  webPushSuite(app, () => 'mailto:no-reply@localhost');
});

describe.skipIf(!hasPostgres() || !hasRedis())("web push, Postgres + Redis (the operator's keys)", () => {
  const keys = operatorVapidKeys();
  const app = useTestApp('services', { env: { ...keys, PUSH_ALLOW_LOOPBACK: 'true' } });
  webPushSuite(app, () => keys.VAPID_SUBJECT);
});

describe.skipIf(!hasPostgres() || !hasRedis())('web push, Postgres + Redis without VAPID keys', () => {
  const app = useTestApp('services', { env: { PUSH_ALLOW_LOOPBACK: 'true' } });

  it('says push is off, and refuses to turn it on or test it', async () => {
    const student = new HttpSession(app.url);
    await student.signUp(newStudent());
    expect((await student.get('/api/push-key/')).body).toEqual({ enabled: false, publicKey: null });
    const push = new TestPushService();
    await push.start();
    const saved = await student.post('/api/insert-push-subscription/', push.device('x').subscription);
    expect([saved.status, saved.body.error]).toEqual([409, 'PUSH_NOT_CONFIGURED']);
    const tested = await student.post('/api/send-test-notification/');
    expect([tested.status, tested.body.error]).toEqual([409, 'PUSH_NOT_CONFIGURED']);
    await push.stop();
  });
});
