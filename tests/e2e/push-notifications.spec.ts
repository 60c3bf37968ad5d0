// Push notifications in Chromium (issue 26, decision 0114): "Turn on
// notifications" on the dashboard and the profile, a test notification that
// reaches the device, turning it off, logging out turning it off; and a push
// delivered to the app's service worker showing its notification.
//
// Chromium subscribes through Google's push service, which this machine cannot
// reach: the page's PushManager is replaced by one that hands out a device of
// a push service running in this test (tests/support/push-service.ts), with
// keys the test made. Everything after the browser's subscribe is real: the
// server keeps the device, encrypts for it and signs with its VAPID key, and
// the push service decrypts what arrives. The service worker's own part is
// driven through the DevTools protocol (ServiceWorker.deliverPushMessage).
//
// The service worker runs here (blocked elsewhere), and installable-app.spec.ts
// rewrites it for a moment: this spec runs on the embedded project only.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { TestPushService, type TestDevice } from '@tests/support/push-service';
import { auditScreen } from './axe';
import { apiPost, joinCourseViaApi, logInWithRequest, signUpViaApi, snap } from './e2e-support';

test.use({ serviceWorkers: 'allow' });

const push = new TestPushService();
test.beforeAll(() => push.start().then(() => undefined));
test.afterAll(() => push.stop());

/** Replaces the page's PushManager: subscribe hands out `device`, kept (as the browser keeps it) across reloads. */
async function fakePushManager(context: BrowserContext, device: TestDevice): Promise<void> {
  await context.grantPermissions(['notifications']);
  await context.addInitScript(({ endpoint, keys }) => {
    const STORE = 'e2e:push-subscription';
    const bytes = (base64url: string) => {
      const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
      return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0)).buffer;
    };
    const text = (buffer: ArrayBuffer | ArrayBufferView) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer instanceof ArrayBuffer ? buffer : buffer.buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const subscription = (serverKey: string) => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: bytes(serverKey) },
      getKey: (name: string) => bytes(name === 'p256dh' ? keys.p256dh : keys.auth),
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        localStorage.removeItem(STORE);
        return true;
      },
    });
    PushManager.prototype.getSubscription = async function () {
      const key = localStorage.getItem(STORE);
      return (key === null ? null : subscription(key)) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = text(options!.applicationServerKey as ArrayBuffer);
      localStorage.setItem(STORE, key);
      return subscription(key) as unknown as PushSubscription;
    };
  }, device.subscription);
}

async function studentWithPush(context: BrowserContext, name: string): Promise<{ page: Page; username: string; device: TestDevice }> {
  const device = push.device(name);
  await fakePushManager(context, device);
  const page = await context.newPage();
  const { username } = await signUpViaApi(page, name, 'Gator', '/');
  await joinCourseViaApi(page, 'CHM2046');
  return { page, username, device };
}

test('Turn on notifications on the dashboard; a test notification from the profile reaches the device; Turn off and logging out forget it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const { page, username, device } = await studentWithPush(context, 'Pia');

  // The dashboard offers it (nothing asked of the browser before the press).
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Notifications' });
  await expect(card).toContainText('even when this tab is closed');
  expect(await auditScreen(page)).toEqual([]);
  // Its buttons stay inside the card of the narrow column.
  const cardBox = (await card.boundingBox())!;
  for (const button of await card.getByRole('button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.x + box.width, 'a button inside the card').toBeLessThanOrEqual(cardBox.x + cardBox.width);
  }
  await snap(page, 'push-01-dashboard-offer');
  await card.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(card.getByRole('status')).toHaveText(/Notifications are on for this device/);
  await expect(card.getByRole('link', { name: 'your profile' })).toHaveAttribute('href', '/profile');
  await card.getByRole('button', { name: 'Close' }).click();
  await expect(card).toHaveCount(0);

  // The profile says so, and its test reaches the device, encrypted for it.
  await page.goto('/profile');
  const device$ = page.getByRole('group', { name: 'Notifications on this device' });
  await expect(device$).toContainText('Notifications are on for this device.');
  await device$.getByRole('button', { name: 'Send a test notification' }).click();
  await expect(device$.getByRole('status')).toHaveText('Sent to 1 device.');
  await expect.poll(() => push.to(device.name).length).toBe(1);
  expect(push.to(device.name)[0].payload).toMatchObject({ title: 'Study Swamp', url: '/profile' });
  expect(push.errors).toEqual([]);
  await snap(page, 'push-02-profile-on');

  // Turned off: the server forgets the device.
  await device$.getByRole('button', { name: 'Turn off on this device' }).click();
  await expect(device$).toContainText('Notifications are off on this device.');
  expect(await apiPost(page, '/api/send-test-notification/', {})).toEqual({ sent: 0, removed: 0, failed: 0 });

  // On again, then Log Out: the device is forgotten before the session ends.
  await device$.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(device$).toContainText('Notifications are on for this device.');
  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/log-in$/);
  await logInWithRequest(page, username, 'chomp-chomp-42');
  expect(await apiPost(page, '/api/send-test-notification/', {})).toEqual({ sent: 0, removed: 0, failed: 0 });
  expect(push.to(device.name)).toHaveLength(1);
  await context.close();
});

test('"Not now" puts the dashboard card away for good; a browser that blocked notifications is told where to allow them', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const { page } = await studentWithPush(context, 'Noa');
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Notifications' });
  await card.getByRole('button', { name: 'Not now' }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('CHM2046').first()).toBeVisible();
  await expect(card).toHaveCount(0);
  await context.close();

  // Blocked in the browser: the profile says where to allow them, and offers no button that cannot work.
  const blocked = await browser.newContext();
  const page2 = await blocked.newPage();
  await signUpViaApi(page2, 'Bo', 'Gator', '/');
  await blocked.addInitScript(() => Object.defineProperty(Notification, 'permission', { get: () => 'denied' }));
  await page2.goto('/profile');
  const device = page2.getByRole('group', { name: 'Notifications on this device' });
  await expect(device).toContainText('Notifications are blocked for this site.');
  await expect(device.getByRole('button')).toHaveCount(0);
  await page2.setViewportSize({ width: 360, height: 740 });
  await snap(page2, 'push-03-profile-blocked-phone');
  await blocked.close();
});

test("a push delivered to the app's service worker shows its notification, opening only pages of the app", async ({ browser }) => {
  const context = await browser.newContext();
  await context.grantPermissions(['notifications']);
  const page = await context.newPage();
  await signUpViaApi(page, 'Sam', 'Gator', '/dashboard');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const origin = new URL(page.url()).origin;

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((each) => each.scopeURL.startsWith(origin) && !each.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const deliver = async (payload: object) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(payload) });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url: string }).url,
      })),
    );

  await deliver({ title: 'Exam 1 Crammers', body: '3 new messages, 1 mentions you', url: '/study-group/34', tag: 'group-34' });
  await expect
    .poll(shown)
    .toEqual([{ title: 'Exam 1 Crammers', body: '3 new messages, 1 mentions you', tag: 'group-34', url: '/study-group/34' }]);
  // The same tag replaces it; another site's address opens the dashboard instead.
  await deliver({ title: 'Exam 1 Crammers', body: '4 new messages', url: 'https://evil.example/login', tag: 'group-34' });
  await expect.poll(shown).toEqual([{ title: 'Exam 1 Crammers', body: '4 new messages', tag: 'group-34', url: '/dashboard' }]);
  await context.close();
});
