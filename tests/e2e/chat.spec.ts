// Course chat in Chromium: two students in two browser contexts chat by
// polling, with spec 9's timestamps; a failed send keeps its text on the
// message, and sent again after a lost answer it shows once; older messages page in; the panel
// fits a 360 px phone.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatChatTime } from '@web/lib/chat-time';
import { expectNoHorizontalOverflow, signUpViaApi, snap, type E2eStudent } from './e2e-support';

async function csrfToken(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/get-token/')).json()) as { token: string }).token;
}

/**
 * Joins the first section of a course through the API; answers its id and name.
 * Each test chats in a course of its own, so their rooms start empty.
 */
async function joinCourse(page: Page, courseCode: string): Promise<{ courseId: number; name: string }> {
  const token = await csrfToken(page.request);
  const found = await page.request.post('/api/filter-courses/', { headers: { 'X-CSRFToken': token }, data: { courseCode } });
  const course = ((await found.json()) as { courses: { id: number; name: string }[] }).courses[0];
  const joined = await page.request.post('/api/insert-course-member/', {
    headers: { 'X-CSRFToken': token },
    data: { courseID: course.id },
  });
  expect(joined.ok()).toBe(true);
  return { courseId: course.id, name: course.name };
}

async function postViaApi(page: Page, courseId: number, message: string): Promise<{ id: string; time: string }> {
  const res = await page.request.post('/api/insert-course-message/', {
    headers: { 'X-CSRFToken': await csrfToken(page.request) },
    data: { courseID: courseId, message },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; time: string };
}

async function latestMessages(page: Page, courseId: number, student: E2eStudent) {
  const res = await page.request.get(`/api/select-course-messages/${courseId}/${student.id}/`);
  return (await res.json()) as { id: string; username: string; message: string; time: string }[];
}

const chatPanel = (page: Page) => page.getByRole('region', { name: 'Course Chat' });
const messageInput = (page: Page) => chatPanel(page).getByRole('textbox', { name: 'Message' });
const messageItem = (page: Page, text: string) => chatPanel(page).getByRole('listitem').filter({ hasText: text });

test('two students in one course see each other’s messages, with times as spec 9 shows them', async ({ browser }) => {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [pageA, pageB] = [await contexts[0].newPage(), await contexts[1].newPage()];
  const alberta = await signUpViaApi(pageA, 'Alberta', 'Gator');
  const bert = await signUpViaApi(pageB, 'Bert', 'Gator');
  const { courseId, name } = await joinCourse(pageA, 'COP3503C');
  await joinCourse(pageB, 'COP3503C');
  await pageA.goto(`/course/${courseId}`);
  await pageB.goto(`/course/${courseId}`);

  await expect(messageInput(pageA)).toHaveAttribute('placeholder', `Message '${name}'`);
  await expect(messageInput(pageB)).toBeVisible();

  // Alberta sends with Enter; Bert's panel gets it by polling.
  await messageInput(pageA).fill('Anyone up for Marston at 7?');
  await messageInput(pageA).press('Enter');
  await expect(messageInput(pageA)).toHaveValue('');
  await expect(messageItem(pageA, 'Anyone up for Marston at 7?')).toBeVisible();
  const seenByBert = messageItem(pageB, 'Anyone up for Marston at 7?');
  await expect(seenByBert).toBeVisible();
  // Authors are shown by name (the username is in the profile card).
  await expect(seenByBert).toContainText(`${alberta.firstName} ${alberta.lastName}`);

  // Bert answers with the Send button; Alberta's panel gets it by polling.
  await messageInput(pageB).fill('Count me in, third floor');
  await chatPanel(pageB).getByRole('button', { name: 'Send' }).click();
  await expect(messageInput(pageB)).toHaveValue('');
  const seenByAlberta = messageItem(pageA, 'Count me in, third floor');
  await expect(seenByAlberta).toBeVisible();
  await expect(seenByAlberta).toContainText(`${bert.firstName} ${bert.lastName}`);

  // Times read "at 9:05 AM" for today, on the campus clock, as the shared rule formats the stored time.
  const stored = await latestMessages(pageA, courseId, alberta);
  expect(stored.map((m) => m.message)).toEqual(['Anyone up for Marston at 7?', 'Count me in, third floor']);
  for (const message of stored) {
    const expected = formatChatTime(message.time, new Date());
    expect(expected).toMatch(/^(at \d{1,2}:\d{2} [AP]M|\d{1,2}\/\d{1,2}\/\d{4} at \d{1,2}:\d{2} [AP]M)$/);
    for (const page of [pageA, pageB]) {
      await expect(messageItem(page, message.message).locator('time')).toHaveText(expected);
      await expect(messageItem(page, message.message).locator('time')).toHaveAttribute('datetime', message.time);
    }
  }
  // Each message once, even though each side both sent and polled.
  await expect(chatPanel(pageA).getByRole('listitem')).toHaveCount(2);
  await expect(chatPanel(pageB).getByRole('listitem')).toHaveCount(2);
  await snap(pageA, 'chat-01-alberta');
  await snap(pageB, 'chat-02-bert');

  // The dashboard's course view carries the same chat.
  await pageB.goto('/');
  await expect(messageItem(pageB, 'Anyone up for Marston at 7?')).toBeVisible();
  for (const context of contexts) await context.close();
});

test('links in a message open in a new tab without opener or referrer; a script or data address stays text', async ({ page }) => {
  await signUpViaApi(page, 'Lina', 'Gator');
  const { courseId } = await joinCourse(page, 'GEO1200');
  await postViaApi(
    page,
    courseId,
    'Zoom at zoom.us/j/4471 or https://ufl.zoom.us/j/99?pwd=a, notes: www.ufl.edu. Not javascript:alert(1) nor data:text/html,hi',
  );
  await page.goto(`/course/${courseId}`);
  const item = messageItem(page, 'Zoom at');
  const links = item.getByRole('link');
  await expect(links).toHaveText(['zoom.us/j/4471', 'https://ufl.zoom.us/j/99?pwd=a', 'www.ufl.edu']);
  const hrefs = ['http://zoom.us/j/4471', 'https://ufl.zoom.us/j/99?pwd=a', 'http://www.ufl.edu'];
  for (const [index, href] of hrefs.entries()) {
    await expect(links.nth(index)).toHaveAttribute('href', href);
    await expect(links.nth(index)).toHaveAttribute('target', '_blank');
    await expect(links.nth(index)).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expect(item).toContainText('Not javascript:alert(1) nor data:text/html,hi');
  await expect(item.locator('a[href^="javascript"], a[href^="data"]')).toHaveCount(0);
});

test('a send the server keeps failing says so on the message and goes with Retry; empty messages are not sent; a failed poll is logged, falls back to the one-second poll and recovers', async ({
  page,
  browser,
}) => {
  const student = await signUpViaApi(page, 'Fiona', 'Gator');
  const { courseId } = await joinCourse(page, 'COP3530');
  await page.goto(`/course/${courseId}`);
  const input = messageInput(page);
  await expect(input).toBeVisible();

  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/insert-course-message/')) posts.push(request.postData() ?? '');
  });
  await input.press('Enter');
  await input.fill('    ');
  await chatPanel(page).getByRole('button', { name: 'Send' }).click();
  await expect(chatPanel(page).getByText('No messages yet. Start the conversation!')).toBeVisible();

  await page.route('**/api/insert-course-message/', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'INTERNAL_ERROR', message: 'Something went wrong' }),
    }),
  );
  await input.fill('This must not be lost');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  // The server's own error: tried three times (the chat's outbox), then said on the message, which keeps its text.
  const failed = messageItem(page, 'This must not be lost');
  await expect(failed).toContainText('Your message was not sent. Please try again.', { timeout: 15_000 });
  expect(posts).toHaveLength(3); // the outbox's tries, none for the blank ones
  await snap(page, 'chat-03-failed-send');

  await page.unroute('**/api/insert-course-message/');
  await failed.getByRole('button', { name: 'Retry' }).click();
  // The poll may bring the stored message a moment before the post's answer takes the waiting copy away: shown once in the end.
  await expect(failed.filter({ hasNotText: /Not sent|Sending…/ })).toHaveCount(1);
  await expect(failed).toHaveCount(1);
  await expect(chatPanel(page).getByRole('alert')).toHaveCount(0);

  // The poll fails for a while: it logs "response error", falls back to the
  // one-second poll (no wait) and recovers by itself.
  const errors: string[] = [];
  page.on('console', (entry) => {
    if (entry.type() === 'error') errors.push(entry.text());
  });
  const classmateContext = await browser.newContext();
  const classmatePage = await classmateContext.newPage();
  await signUpViaApi(classmatePage, 'Gus', 'Gator');
  await joinCourse(classmatePage, 'COP3530');
  const refused: string[] = [];
  await page.route('**/api/select-course-messages/**', (route) => {
    refused.push(route.request().url());
    return route.fulfill({ status: 503, body: 'unavailable' });
  });
  // The long poll waiting now was sent before: a message answers it, and the next one fails.
  await postViaApi(classmatePage, courseId, 'Before the outage');
  await expect(messageItem(page, 'Before the outage')).toBeVisible();
  await expect.poll(() => errors.some((text) => text.includes('response error'))).toBe(true);
  await expect.poll(() => refused.some((url) => !new URL(url).searchParams.has('wait')), { timeout: 10_000 }).toBe(true);
  await page.unroute('**/api/select-course-messages/**');
  await postViaApi(classmatePage, courseId, 'Polling is back');
  await expect(messageItem(page, 'Polling is back')).toBeVisible({ timeout: 40_000 });
  expect((await latestMessages(page, courseId, student)).map((m) => m.message)).toEqual([
    'This must not be lost',
    'Before the outage',
    'Polling is back',
  ]);
  await classmateContext.close();
});

test('a send whose answer was lost after the server stored it shows once, for the sender and a classmate, when the outbox sends it again', async ({
  browser,
}) => {
  const contexts = [await browser.newContext(), await browser.newContext()];
  const [pageA, pageB] = [await contexts[0].newPage(), await contexts[1].newPage()];
  const sender = await signUpViaApi(pageA, 'Hana', 'Gator');
  await signUpViaApi(pageB, 'Ivo', 'Gator');
  const { courseId } = await joinCourse(pageA, 'ENC3246');
  await joinCourse(pageB, 'ENC3246');
  await pageA.goto(`/course/${courseId}`);
  await pageB.goto(`/course/${courseId}`);
  const input = messageInput(pageA);
  await expect(input).toBeVisible();
  await expect(messageInput(pageB)).toBeVisible();

  // The first post reaches the server and is stored; its answer never reaches the browser (a flaky network).
  const sent: { clientMessageID?: string }[] = [];
  let loseAnswer = true;
  await pageA.route('**/api/insert-course-message/', async (route) => {
    sent.push(route.request().postDataJSON() as { clientMessageID?: string });
    if (!loseAnswer) return route.continue();
    loseAnswer = false;
    const stored = await route.fetch();
    expect(stored.status()).toBe(201);
    await route.abort('connectionreset');
  });
  const text = 'Draft outline due Thursday, right?';
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
  // It was stored: the classmate's poll brings it.
  await expect(messageItem(pageB, text)).toHaveCount(1);

  // The outbox sends it again by itself: the same post, answered with the message already stored (shown once).
  await expect(messageItem(pageA, text).filter({ hasNotText: 'Sending…' })).toHaveCount(1, { timeout: 15_000 });
  await expect(messageItem(pageA, text)).toHaveCount(1);
  await expect(chatPanel(pageA).getByRole('alert')).toHaveCount(0);
  // A later message shows on both sides, so anything the re-send stored would have arrived by then.
  await postViaApi(pageB, courseId, 'Yes, Thursday at noon');
  for (const page of [pageA, pageB]) {
    await expect(messageItem(page, 'Yes, Thursday at noon')).toBeVisible();
    await expect(messageItem(page, text)).toHaveCount(1);
  }
  expect((await latestMessages(pageA, courseId, sender)).map((m) => m.message)).toEqual([text, 'Yes, Thursday at noon']);
  // Both tries carried the one id the client made for the post.
  expect(sent).toHaveLength(2);
  expect(sent[0].clientMessageID).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  expect(sent[1].clientMessageID).toBe(sent[0].clientMessageID);
  await snap(pageA, 'chat-03b-resent-after-lost-answer');
  for (const context of contexts) await context.close();
});

test('older messages page in with "Load earlier messages", and new ones are announced while reading them', async ({ page, browser }) => {
  await signUpViaApi(page, 'Hana', 'Gator');
  const { courseId } = await joinCourse(page, 'CDA3101');
  // 60 messages from three classmates (each may post 20 per 10 seconds), and a fourth for later.
  const writers: Page[] = [];
  for (const name of ['Ivy', 'Jon', 'Kai', 'Max']) {
    const writer = await (await browser.newContext()).newPage();
    await signUpViaApi(writer, name, 'Gator');
    await joinCourse(writer, 'CDA3101');
    writers.push(writer);
  }
  for (let i = 0; i < 60; i += 1) await postViaApi(writers[Math.floor(i / 20)], courseId, `Seed message ${i}`);

  await page.goto(`/course/${courseId}`);
  const panel = chatPanel(page);
  await expect(messageItem(page, 'Seed message 59')).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(50);
  await expect(panel.getByText('Seed message 9', { exact: true })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Load earlier messages' }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(60);
  await expect(panel.getByText('Seed message 0', { exact: true })).toBeVisible();
  // Fewer than a page came back: that was the start of the room.
  await expect(panel.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);

  // Reading old messages, the view stays put and says a new one arrived.
  await postViaApi(writers[3], courseId, 'Fresh news');
  const hint = panel.getByRole('button', { name: '1 new message' });
  await expect(hint).toBeVisible();
  await expect(messageItem(page, 'Fresh news')).not.toBeInViewport();
  await snap(page, 'chat-04-new-message-hint');
  await hint.click();
  await expect(messageItem(page, 'Fresh news')).toBeInViewport();
  await expect(hint).toHaveCount(0);
  for (const writer of writers) await writer.context().close();
});

test('the course chat fits a 360 px phone and works from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpViaApi(page, 'Lena', 'Gator');
  const { courseId } = await joinCourse(page, 'CEN3031');
  await page.goto(`/course/${courseId}`);
  const input = messageInput(page);
  await expect(input).toBeVisible();
  await input.focus();
  await page.keyboard.type('Typed on a phone, sent with Enter');
  await page.keyboard.press('Enter');
  await expect(messageItem(page, 'Typed on a phone, sent with Enter')).toBeVisible();
  await page.keyboard.type('Sent with the button');
  await page.keyboard.press('Tab');
  await expect(chatPanel(page).getByRole('button', { name: 'Send' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(messageItem(page, 'Sent with the button')).toBeVisible();
  // Its pending copy gives way to the stored message, another element: scrolled to once it stays.
  await expect(async () => messageItem(page, 'Sent with the button').scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  await expectNoHorizontalOverflow(page, `/course/${courseId}`);
  await snap(page, 'chat-05-phone');
});

test('polling stops while the tab is hidden and catches up when it is shown again', async ({ page, browser }) => {
  // The page's timers run on a clock the test can move, so poll intervals pass without a real wait.
  await page.clock.install();
  await signUpViaApi(page, 'Nia', 'Gator');
  const { courseId } = await joinCourse(page, 'COT3100');
  await page.goto(`/course/${courseId}`);
  await expect(messageInput(page)).toBeVisible();

  const setHidden = (hidden: boolean) =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await setHidden(true);
  const polls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/select-course-messages/')) polls.push(request.url());
  });

  const classmate = await (await browser.newContext()).newPage();
  await signUpViaApi(classmate, 'Omar', 'Gator');
  await joinCourse(classmate, 'COT3100');
  for (let i = 0; i < 3; i += 1) await postViaApi(classmate, courseId, `While you were away ${i}`);
  // Longer than two poll intervals: a visible tab would have asked twice by now.
  await page.clock.runFor(2_500);
  expect(polls).toEqual([]);
  await expect(messageItem(page, 'While you were away 0')).toHaveCount(0);

  await setHidden(false);
  for (let i = 0; i < 3; i += 1) await expect(messageItem(page, `While you were away ${i}`)).toBeVisible();
  expect(polls.length).toBeGreaterThan(0);
  await classmate.context().close();
});
