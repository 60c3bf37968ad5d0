// Live chat in Chromium, two students in two browser contexts: a message
// reaches the other at once through the long poll that was waiting; unread
// badges on the dashboard (mentions apart) and in the title, cleared by
// reading (also a phone's Chat tab, and in the student's other tab at once), "99+"; edits and deletes seen by the
// other; multi-line messages with Shift+Enter; a mention highlighted for the
// student mentioned; a group's owner deleting a member's message.
import { expect, test, type Browser, type Page, type Response } from '@playwright/test';
import { apiPost, createGroupViaApi, joinCourseViaApi, signUpViaApi, snap, type E2eStudent } from './e2e-support';

interface Classmate {
  page: Page;
  student: E2eStudent;
}

async function classmate(browser: Browser, firstName: string): Promise<Classmate> {
  const page = await (await browser.newContext()).newPage();
  const student = await signUpViaApi(page, firstName, 'Gator');
  return { page, student };
}

const chatPanel = (page: Page, name = 'Course Chat') => page.getByRole('region', { name });
const composer = (page: Page, name?: string) => chatPanel(page, name).getByRole('textbox', { name: 'Message' });
const messageItem = (page: Page, text: string, name?: string) => chatPanel(page, name).getByRole('listitem').filter({ hasText: text });
const courseButton = (page: Page, code: string) =>
  page.getByRole('region', { name: 'Courses' }).getByRole('button', { name: new RegExp(code) });

function postToCourse(page: Page, courseID: number, message: string): Promise<{ id: string }> {
  return apiPost(page, '/api/insert-course-message/', { courseID, message });
}

const isLongPoll = (url: string) => url.includes('/api/select-course-messages/') && new URL(url).searchParams.has('wait');

test('B sees A’s message at once, answered by the long poll that was waiting, with no one-second tick', async ({ browser }) => {
  const a = await classmate(browser, 'Ada');
  const b = await classmate(browser, 'Bea');
  const course = await joinCourseViaApi(a.page, 'COP4600');
  await joinCourseViaApi(b.page, 'COP4600');
  // B's timers stand still once the page is up: nothing that runs on a timer (a one-second poll) can fetch the message.
  await b.page.clock.install();
  const answered: Response[] = [];
  b.page.on('response', (response) => {
    if (response.url().includes('/api/select-course-messages/')) answered.push(response);
  });
  const waiting = b.page.waitForRequest((request) => isLongPoll(request.url()));
  await b.page.goto(`/course/${course.id}`);
  await a.page.goto(`/course/${course.id}`);
  await expect(composer(b.page)).toBeVisible();
  await b.page.clock.pauseAt((await b.page.evaluate(() => Date.now())) + 1_000);
  // A long poll of B's is waiting before A sends.
  await waiting;
  const requestsBefore = answered.length;

  await composer(a.page).fill('Long polls are live');
  await composer(a.page).press('Enter');
  await expect(messageItem(b.page, 'Long polls are live')).toBeVisible();
  // The answer that carried it is a long poll's.
  const carriers = [];
  for (const response of answered.slice(requestsBefore)) {
    if ((await response.text()).includes('Long polls are live')) carriers.push(response.url());
  }
  expect(carriers.length).toBeGreaterThan(0);
  expect(carriers.every(isLongPoll)).toBe(true);
  await snap(b.page, 'chat-live-01-delivered');
  for (const page of [a.page, b.page]) await page.context().close();
});

test('an unread badge shows on B’s dashboard for another course, mentions apart and in the title, and clears on opening it', async ({
  browser,
}) => {
  const a = await classmate(browser, 'Cal');
  const b = await classmate(browser, 'Dee');
  const reading = await joinCourseViaApi(b.page, 'COP4533');
  const other = await joinCourseViaApi(b.page, 'CAP4621');
  await joinCourseViaApi(a.page, 'CAP4621');
  await joinCourseViaApi(a.page, 'COP4533');
  const groupId = await createGroupViaApi(a.page, reading.id, 'Algorithms study');
  await apiPost(b.page, '/api/insert-study-group-member/', { studyGroupID: groupId });
  await b.page.goto(`/?course=${reading.id}`);
  await expect(composer(b.page)).toBeVisible();
  await expect(courseButton(b.page, 'CAP4621')).toBeVisible();

  // News in a group of the course B is reading: its button in the Groups panel says so.
  await apiPost(a.page, '/api/insert-study-group-message/', { studyGroupID: groupId, message: 'Problem set 4 is up' });
  await expect(b.page.getByRole('region', { name: 'Groups' }).getByRole('button', { name: /Algorithms study/ })).toHaveAccessibleName(
    /1 unread message$/,
  );

  await postToCourse(a.page, other.id, 'Quiz moved to Friday');
  await postToCourse(a.page, other.id, `@${b.student.username} can you share the lab?`);
  await postToCourse(a.page, other.id, 'See you there');
  const badge = courseButton(b.page, 'CAP4621');
  await expect(badge).toContainText('3');
  // Said in words, the mention apart.
  await expect(badge).toHaveAccessibleName(/3 unread messages, 1 mentioning you/);
  // The title counts every room: three here, one in the group.
  await expect(b.page).toHaveTitle(/^\(4\) /);
  await expect(courseButton(b.page, 'COP4533')).not.toHaveAccessibleName(/unread/);
  await snap(b.page, 'chat-live-02-unread-badge');

  await badge.click();
  await expect(messageItem(b.page, 'See you there')).toBeVisible();
  await expect(courseButton(b.page, 'CAP4621')).not.toHaveAccessibleName(/unread/);
  await expect(b.page).toHaveTitle(/^\(1\) /);
  // Read means read: the server counts the course's messages no more.
  const summary = (await (await b.page.request.get('/api/unread-counts/')).json()) as { total: number };
  expect(summary.total).toBe(1);
  for (const page of [a.page, b.page]) await page.context().close();
});

test('A edits and deletes a message; B sees "(edited)" and "Message deleted" in place', async ({ browser }) => {
  const a = await classmate(browser, 'Eli');
  const b = await classmate(browser, 'Fay');
  const course = await joinCourseViaApi(a.page, 'CAP4770');
  await joinCourseViaApi(b.page, 'CAP4770');
  await a.page.goto(`/course/${course.id}`);
  await b.page.goto(`/course/${course.id}`);
  for (const text of ['Meet at 7?', 'Wrong room, sorry', 'Bring snacks']) {
    await composer(a.page).fill(text);
    await composer(a.page).press('Enter');
    await expect(messageItem(b.page, text)).toBeVisible();
  }

  // From the keyboard: the messages' buttons (Add reaction, Reply, Edit, Delete) are one tab stop (the newest message's
  // Reply), the arrow keys move among them.
  await composer(a.page).focus();
  await a.page.keyboard.press('Shift+Tab');
  await expect(messageItem(a.page, 'Bring snacks').getByRole('button', { name: 'Reply' })).toBeFocused();
  await a.page.keyboard.press('ArrowUp');
  await expect(messageItem(a.page, 'Bring snacks').getByRole('button', { name: 'Add reaction' })).toBeFocused();
  // Wrong room, sorry: Delete, Edit, Reply, Add reaction; then Meet at 7?: Delete, Edit.
  for (let i = 0; i < 6; i += 1) await a.page.keyboard.press('ArrowUp');
  const toEdit = messageItem(a.page, 'Meet at 7?');
  await expect(toEdit.getByRole('button', { name: 'Edit' })).toBeFocused();
  await a.page.keyboard.press('Enter');
  // (The item's text changes as the field is typed in: the field is found by itself.)
  const field = chatPanel(a.page).getByRole('textbox', { name: 'Edit message' });
  await expect(field).toBeFocused();
  await field.fill('Meet at 8?');
  await field.press('Enter');
  await expect(messageItem(a.page, 'Meet at 8?')).toContainText('(edited)');
  await expect(messageItem(b.page, 'Meet at 8?')).toContainText('(edited)');
  await expect(messageItem(b.page, 'Meet at 7?')).toHaveCount(0);

  const toDelete = messageItem(a.page, 'Wrong room, sorry');
  await toDelete.hover();
  await toDelete.getByRole('button', { name: 'Delete' }).click();
  await a.page.getByRole('dialog', { name: 'Delete message?' }).getByRole('button', { name: 'Delete message' }).click();
  await expect(messageItem(b.page, 'Wrong room, sorry')).toHaveCount(0);
  const items = chatPanel(b.page).getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(1)).toContainText('Message deleted');
  // B cannot change A's messages: no Edit or Delete on them.
  await expect(chatPanel(b.page).getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(chatPanel(b.page).getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await snap(b.page, 'chat-live-03-edited-deleted');
  for (const page of [a.page, b.page]) await page.context().close();
});

test('Shift+Enter starts a new line and Enter sends; the lines show as typed, and typing on at once starts the next message', async ({
  browser,
}) => {
  const a = await classmate(browser, 'Gia');
  const b = await classmate(browser, 'Hal');
  const course = await joinCourseViaApi(a.page, 'EEL3701C');
  await joinCourseViaApi(b.page, 'EEL3701C');
  await a.page.goto(`/course/${course.id}`);
  await b.page.goto(`/course/${course.id}`);
  const field = composer(a.page);
  await field.click();
  await a.page.keyboard.type('Agenda:');
  await a.page.keyboard.press('Shift+Enter');
  await a.page.keyboard.type('1. lab 3');
  await a.page.keyboard.press('Shift+Enter');
  await a.page.keyboard.type('2. quiz');
  await expect(field).toHaveValue('Agenda:\n1. lab 3\n2. quiz');
  // The send takes a moment; the student types the next message meanwhile.
  await a.page.route('**/api/insert-course-message/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await a.page.keyboard.press('Enter');
  await a.page.keyboard.type('Next one');
  await expect(messageItem(a.page, 'Agenda:')).toBeVisible();
  await expect(field).toHaveValue('Next one');

  const seen = messageItem(b.page, 'Agenda:').locator('p').filter({ hasText: '1. lab 3' });
  await expect(seen).toHaveText('Agenda:\n1. lab 3\n2. quiz', { useInnerText: true });
  // Shown on three lines, not run together.
  const lineHeight = await seen.evaluate((p) => parseFloat(getComputedStyle(p).lineHeight));
  expect((await seen.boundingBox())!.height).toBeGreaterThanOrEqual(lineHeight * 3 - 1);
  await a.page.keyboard.press('Enter');
  await expect(messageItem(b.page, 'Next one')).toBeVisible();
  await snap(b.page, 'chat-live-04-multi-line');
  for (const page of [a.page, b.page]) await page.context().close();
});

test('a mention is highlighted for the student mentioned, and a group’s owner deletes a member’s message', async ({ browser }) => {
  const owner = await classmate(browser, 'Ivo');
  const member = await classmate(browser, 'Jo');
  const course = await joinCourseViaApi(owner.page, 'MAS3114');
  await joinCourseViaApi(member.page, 'MAS3114');
  const groupId = await createGroupViaApi(owner.page, course.id, 'Linear algebra crew');
  await apiPost(member.page, '/api/insert-study-group-member/', { studyGroupID: groupId });
  await owner.page.goto(`/study-group/${groupId}`);
  await member.page.goto(`/study-group/${groupId}`);

  await composer(owner.page, 'Group Chat').fill(`@${member.student.username} can you bring the notes?`);
  await composer(owner.page, 'Group Chat').press('Enter');
  const mentioned = messageItem(member.page, 'bring the notes', 'Group Chat');
  await expect(mentioned.locator('mark')).toHaveText(`@${member.student.username}`);
  // The author sees the name marked as a mention, not highlighted as their own.
  await expect(messageItem(owner.page, 'bring the notes', 'Group Chat').locator('mark')).toHaveCount(0);
  await snap(member.page, 'chat-live-05-mention');

  await composer(member.page, 'Group Chat').fill('Off-topic ad, oops');
  await composer(member.page, 'Group Chat').press('Enter');
  const offTopic = messageItem(owner.page, 'Off-topic ad', 'Group Chat');
  await offTopic.hover();
  // The owner may delete it, not edit it.
  await expect(offTopic.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await offTopic.getByRole('button', { name: 'Delete' }).click();
  await owner.page.getByRole('dialog', { name: 'Delete message?' }).getByRole('button', { name: 'Delete message' }).click();
  await expect(messageItem(member.page, 'Off-topic ad', 'Group Chat')).toHaveCount(0);
  await expect(chatPanel(member.page, 'Group Chat').getByRole('listitem').last()).toContainText('Message deleted');
  for (const page of [owner.page, member.page]) await page.context().close();
});

test('on a phone, a message that comes while the Members tab is shown counts in the title until the Chat tab is chosen', async ({
  browser,
}) => {
  const owner = await classmate(browser, 'Kai');
  const member = await classmate(browser, 'Lu');
  const course = await joinCourseViaApi(owner.page, 'PHY2049');
  await joinCourseViaApi(member.page, 'PHY2049');
  const groupId = await createGroupViaApi(owner.page, course.id, 'Waves and optics');
  await apiPost(member.page, '/api/insert-study-group-member/', { studyGroupID: groupId });
  await member.page.setViewportSize({ width: 360, height: 740 });
  await member.page.goto(`/study-group/${groupId}`);
  await member.page.getByRole('tab', { name: 'Members' }).click();
  await expect(member.page).toHaveTitle('Waves and optics · Study Swamp');
  await apiPost(owner.page, '/api/insert-study-group-message/', { studyGroupID: groupId, message: 'Lab moved to Thursday' });
  await expect(member.page).toHaveTitle('(1) Waves and optics · Study Swamp');
  await member.page.getByRole('tab', { name: 'Chat' }).click();
  await expect(messageItem(member.page, 'Lab moved to Thursday', 'Group Chat')).toBeVisible();
  await expect(member.page).toHaveTitle('Waves and optics · Study Swamp');
  for (const page of [owner.page, member.page]) await page.context().close();
});

test('a room with 100 or more unread messages shows "99+"', async ({ page }) => {
  await signUpViaApi(page, 'Mo', 'Gator');
  const course = await joinCourseViaApi(page, 'AST1002');
  // The server stops counting at 100; here it is asked to have counted that far (posting 100 takes minutes at 20 per 10 s).
  await page.route('**/api/unread-counts/**', async (route) => {
    if (new URL(route.request().url()).searchParams.has('wait')) return; // a long poll that is never answered
    await route.fulfill({
      json: { rooms: [{ kind: 'course', id: course.id, unread: 100, mentions: 0, lastRead: null }], total: 100, version: 'busy' },
    });
  });
  await page.goto('/?course=none');
  const button = courseButton(page, 'AST1002');
  await expect(button).toContainText('99+');
  await expect(button).toHaveAccessibleName(/More than 99 unread messages/);
  await expect(page).toHaveTitle(/^\(99\+\) /);
});

test('a read in one tab clears the badge and title count of the student’s other tab at once', async ({ browser }) => {
  const a = await classmate(browser, 'Tab');
  const b = await classmate(browser, 'Two');
  const reading = await joinCourseViaApi(b.page, 'COP3530');
  const other = await joinCourseViaApi(b.page, 'EEL3135');
  await joinCourseViaApi(a.page, 'EEL3135');
  // B's first tab has a chat open (so its long poll stands in for the summary's), the other course unread.
  await b.page.goto(`/?course=${reading.id}`);
  await expect(composer(b.page)).toBeVisible();
  await postToCourse(a.page, other.id, 'Lab 3 is posted');
  await postToCourse(a.page, other.id, 'Due next Tuesday');
  await expect(b.page).toHaveTitle(/^\(2\) /);
  await expect(courseButton(b.page, 'EEL3135')).toHaveAccessibleName(/2 unread messages/);

  // B reads them in a second tab of the same browser.
  const second = await b.page.context().newPage();
  await second.goto(`/course/${other.id}`);
  await expect(messageItem(second, 'Due next Tuesday')).toBeVisible();
  await expect(second).not.toHaveTitle(/^\(/);

  // The first tab knows at once, not when its poll next comes back.
  await expect(courseButton(b.page, 'EEL3135')).not.toHaveAccessibleName(/unread/, { timeout: 4_000 });
  await expect(b.page).not.toHaveTitle(/^\(/, { timeout: 1_000 });
  for (const page of [a.page, b.page]) await page.context().close();
});
