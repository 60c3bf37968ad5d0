// A chat that rides out bad Wi-Fi, in Chromium: with the API cut (route
// aborts, the long poll already in flight too), the chat says "Reconnecting…"
// and messages sent meanwhile wait in the log as "Sending…"; with the network
// back they reach a classmate once each, in order, and the banner goes. A
// message the server refuses for good shows why, with Retry and Delete (its
// text back in the box); one waiting survives a reload. And a read on one
// device of a student clears the badge and title count on their other device
// through the long poll's signal (that device's timers stand still).
import { expect, test, type Browser, type Page, type Route } from '@playwright/test';
import { apiPost, joinCourseViaApi, logInWithRequest, signUpViaApi, snap, type E2eStudent } from './e2e-support';

interface Student {
  page: Page;
  student: E2eStudent;
}

async function student(browser: Browser, firstName: string): Promise<Student> {
  const page = await (await browser.newContext()).newPage();
  return { page, student: await signUpViaApi(page, firstName, 'Gator') };
}

const chatPanel = (page: Page) => page.getByRole('region', { name: 'Course Chat' });
const composer = (page: Page) => chatPanel(page).getByRole('textbox', { name: 'Message' });
const messageItem = (page: Page, text: string) => chatPanel(page).getByRole('listitem').filter({ hasText: text });
const reconnecting = (page: Page) => chatPanel(page).getByRole('status').filter({ hasText: 'Reconnecting…' });
const courseButton = (page: Page, code: string) =>
  page.getByRole('region', { name: 'Courses' }).getByRole('button', { name: new RegExp(code) });
const isLongPoll = (url: string) => url.includes('/api/select-course-messages/') && new URL(url).searchParams.has('wait');

/**
 * The page's API calls pass through a switch: `cut()` aborts every call on its
 * way (the long poll held by the server too) and every new one, as a dropped
 * Wi-Fi would; `restore()` lets them through again. Posts are recorded.
 */
async function networkSwitch(page: Page) {
  let down = false;
  const inFlight = new Set<Route>();
  const posted: { message: string; clientMessageID: string }[] = [];
  await page.route('**/api/**', async (route) => {
    if (down) return route.abort('internetdisconnected');
    if (route.request().url().includes('/api/insert-course-message/')) posted.push(route.request().postDataJSON());
    inFlight.add(route);
    try {
      const response = await route.fetch();
      if (inFlight.delete(route)) await route.fulfill({ response });
    } catch {
      // Cut while on its way: already aborted.
    }
  });
  return {
    posted,
    heldLongPoll: () => [...inFlight].some((route) => isLongPoll(route.request().url())),
    cut() {
      down = true;
      for (const route of inFlight) void route.abort('internetdisconnected').catch(() => undefined);
      inFlight.clear();
    },
    restore() {
      down = false;
    },
  };
}

test('with the network cut, two messages wait as "Sending…" under "Reconnecting…", then reach a classmate once each, in order', async ({
  browser,
}) => {
  // Two students, and the back-off while the network is cut.
  test.slow();
  const a = await student(browser, 'Wifi');
  const b = await student(browser, 'Reader');
  const course = await joinCourseViaApi(a.page, 'EGM2511');
  await joinCourseViaApi(b.page, 'EGM2511');
  const network = await networkSwitch(a.page);
  await a.page.goto(`/course/${course.id}`);
  await b.page.goto(`/course/${course.id}`);
  await expect(composer(a.page)).toBeVisible();
  await expect(composer(b.page)).toBeVisible();
  // A's long poll is held by the server when the network drops.
  await expect.poll(network.heldLongPoll).toBe(true);
  await expect(reconnecting(a.page)).toHaveCount(0);

  network.cut();
  await expect(reconnecting(a.page)).toBeVisible();
  for (const text of ['First while offline', 'Second while offline']) {
    await composer(a.page).fill(text);
    await composer(a.page).press('Enter');
    await expect(composer(a.page)).toHaveValue('');
    await expect(messageItem(a.page, text)).toContainText('Sending…');
  }
  await expect(reconnecting(a.page)).toContainText('2 messages will be sent as soon as the connection is back.');
  // One status, no alert storm.
  await expect(chatPanel(a.page).getByRole('alert')).toHaveCount(0);
  await snap(a.page, 'chat-outbox-01-reconnecting');

  network.restore();
  const sent = chatPanel(b.page).getByRole('listitem').filter({ hasText: 'while offline' });
  await expect(sent).toHaveText([/First while offline/, /Second while offline/], { timeout: 40_000 });
  await expect(reconnecting(a.page)).toHaveCount(0);
  await expect(chatPanel(a.page).getByText('Sending…')).toHaveCount(0);
  await expect(chatPanel(a.page).getByRole('listitem').filter({ hasText: 'while offline' })).toHaveText([
    /First while offline/,
    /Second while offline/,
  ]);
  // A later message shows on both sides, so anything sent twice would have arrived by then.
  await apiPost(b.page, '/api/insert-course-message/', { courseID: course.id, message: 'Got both' });
  for (const page of [a.page, b.page]) {
    await expect(messageItem(page, 'Got both')).toBeVisible();
    await expect(messageItem(page, 'First while offline')).toHaveCount(1);
    await expect(messageItem(page, 'Second while offline')).toHaveCount(1);
  }
  // Every try of a message carried its one id.
  expect(new Set(network.posted.map((p) => `${p.message}|${p.clientMessageID}`)).size).toBe(2);
  for (const page of [a.page, b.page]) await page.context().close();
});

test('a message refused for good says why on it, with Retry and Delete; a waiting one survives a reload', async ({ page }) => {
  // Three tries of refusals, and two reloads.
  test.slow();
  await signUpViaApi(page, 'Refused', 'Gator');
  const course = await joinCourseViaApi(page, 'EGN3211');
  await page.goto(`/course/${course.id}`);
  await expect(composer(page)).toBeVisible();

  let refuse = true;
  await page.route('**/api/insert-course-message/', (route) =>
    refuse
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'INVALID_TEXT', message: 'Messages cannot contain that character.' }),
        })
      : route.fallback(),
  );
  await composer(page).fill('Refused at first');
  await composer(page).press('Enter');
  const refused = messageItem(page, 'Refused at first');
  await expect(refused).toContainText('Not sent');
  await expect(refused).toContainText('Messages cannot contain that character.');
  await expect(reconnecting(page)).toHaveCount(0);
  await snap(page, 'chat-outbox-02-refused');

  // Retry, once the server takes it: stored, shown once.
  refuse = false;
  await refused.getByRole('button', { name: 'Retry' }).click();
  // The poll may bring the stored message a moment before the post's own answer takes the pending copy away: shown once
  // in the end, as sent.
  await expect(refused.filter({ hasNotText: /Not sent|Sending…/ })).toHaveCount(1, { timeout: 20_000 });
  await expect(refused).toHaveCount(1);
  await expect(refused.getByRole('button', { name: 'Retry' })).toHaveCount(0);

  // Delete: out of the log, and its text back in the box before what was typed since.
  refuse = true;
  await composer(page).fill('Not this one');
  await composer(page).press('Enter');
  await expect(messageItem(page, 'Not this one')).toContainText('Not sent');
  await composer(page).fill('typed since');
  await messageItem(page, 'Not this one').getByRole('button', { name: 'Delete' }).click();
  await expect(messageItem(page, 'Not this one')).toHaveCount(0);
  await expect(composer(page)).toHaveValue('Not this one\ntyped since');
  await expect(composer(page)).toBeFocused();

  // Posts dropped on the way: the message waits; a reload keeps it, and it goes once the network is back.
  await composer(page).fill('');
  await page.unroute('**/api/insert-course-message/');
  let drop = true;
  await page.route('**/api/insert-course-message/', (route) => (drop ? route.abort('internetdisconnected') : route.fallback()));
  await composer(page).fill('Sent on the bus');
  await composer(page).press('Enter');
  await expect(messageItem(page, 'Sent on the bus')).toContainText('Sending…');
  await page.reload();
  await expect(messageItem(page, 'Sent on the bus')).toContainText('Sending…');
  drop = false;
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  // As with Retry above: the poll may bring the stored message a moment before the post's answer takes the waiting copy away.
  await expect(messageItem(page, 'Sent on the bus').filter({ hasNotText: 'Sending…' })).toHaveCount(1, { timeout: 40_000 });
  await expect(messageItem(page, 'Sent on the bus')).toHaveCount(1);
  await page.reload();
  await expect(messageItem(page, 'Sent on the bus')).toHaveCount(1);
  await expect(chatPanel(page).getByText('Sending…')).toHaveCount(0);
});

test('a read on one device clears the badge and title count on the student’s other device through its waiting poll', async ({
  browser,
}) => {
  // Three browser contexts.
  test.slow();
  const classmate = await student(browser, 'Poster');
  const laptop = await student(browser, 'Twodevice');
  const phone = await (await browser.newContext()).newPage();
  await logInWithRequest(phone, laptop.student.username, laptop.student.password);
  await joinCourseViaApi(laptop.page, 'MAP2302');
  const other = await joinCourseViaApi(laptop.page, 'CHM2210');
  await joinCourseViaApi(classmate.page, 'CHM2210');
  await apiPost(classmate.page, '/api/insert-course-message/', { courseID: other.id, message: 'Quiz moved to Friday' });
  await apiPost(classmate.page, '/api/insert-course-message/', { courseID: other.id, message: 'Room 105' });

  // The laptop opens another course's chat once its unread marks are known, so the chat's long poll watches the
  // student's other rooms and stands in for the unread summary's own poll.
  await laptop.page.clock.install();
  await laptop.page.goto('/?course=none');
  await expect(laptop.page).toHaveTitle(/^\(2\) /);
  await expect(courseButton(laptop.page, 'CHM2210')).toHaveAccessibleName(/2 unread messages/);
  const watching = laptop.page.waitForRequest((request) => isLongPoll(request.url()) && request.url().includes('watch='));
  await courseButton(laptop.page, 'MAP2302').click();
  await expect(composer(laptop.page)).toBeVisible();
  await watching;
  // From here the laptop's timers stand still: only the answer of a waiting poll can bring the news.
  await laptop.page.clock.pauseAt((await laptop.page.evaluate(() => Date.now())) + 1_000);

  // The phone (another browser: no BroadcastChannel between them) reads the course.
  await phone.goto(`/course/${other.id}`);
  await expect(messageItem(phone, 'Room 105')).toBeVisible({ timeout: 30_000 });
  await expect(phone).not.toHaveTitle(/^\(/);

  // Timers stand still on the laptop, so waiting longer proves nothing else: the long poll's answer brought it.
  await expect(courseButton(laptop.page, 'CHM2210')).not.toHaveAccessibleName(/unread/, { timeout: 15_000 });
  await expect(laptop.page).not.toHaveTitle(/^\(/);
  for (const page of [classmate.page, laptop.page, phone]) await page.context().close();
});
