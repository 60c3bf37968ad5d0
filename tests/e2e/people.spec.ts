// How people are shown: one name rule everywhere ("ben" "McDonald"
// reads "Ben McDonald"), initials told apart by a colour per student and a name
// tip on hover and focus, accessible names that contain the visible initials,
// profile cards inside a phone's screen, and the chat grouped by author.
// Six students share one course and one group; the tests only read what they made.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { apiPost, joinCourseWithRequest, signUpViaApi, snap, type E2eStudent } from './e2e-support';

interface Student extends E2eStudent {
  context: BrowserContext;
}

// As typed at sign-up, and as every screen must show them.
const NAMES = [
  ['ben', 'McDonald', 'Ben McDonald'],
  ['alice', 'gator', 'Alice Gator'],
  ['andy', 'green', 'Andy Green'],
  ['cara', 'fox', 'Cara Fox'],
  ['dev', 'lake', 'Dev Lake'],
  ['mary-jane', "o'neil", "Mary-Jane O'Neil"],
] as const;

let cohort: Student[] = [];
let course: { id: number; name: string };
let groupId: number;
const GROUP_NAME = 'Swamp networks';

test.beforeAll(async ({ browser }) => {
  cohort = [];
  for (const [first, last] of NAMES) {
    const context = await browser.newContext();
    const page = await context.newPage();
    cohort.push({ ...(await signUpViaApi(page, first, last, '/search-courses')), context });
    await page.close();
  }
  for (const student of cohort) course = await joinCourseWithRequest(student.context.request, 'CNT4007');
  const [owner, ...others] = cohort;
  const group = await apiPost<{ id: number }>(owner.context.request, '/api/insert-study-group/', {
    courseID: course.id,
    name: GROUP_NAME,
    description: 'Packets and protocols',
  });
  groupId = group.id;
  for (const student of others) await apiPost(student.context.request, '/api/insert-study-group-member/', { studyGroupID: groupId });
  await apiPost(cohort[1].context.request, '/api/insert-study-group-message/', { studyGroupID: groupId, message: 'Hi from Alice' });
});

test.afterAll(async () => {
  for (const student of cohort) await student.context.close();
});

const [BEN, ALICE, ANDY, CARA, MARY_JANE] = [0, 1, 2, 3, 5];
const shownName = (index: number) => NAMES[index][2];

async function pageOf(index: number, path: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await cohort[index].context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(path);
  return page;
}

/** The Students panel; on a phone it may sit behind a "Students" tab. */
/** A course view's or group page's panel; on a phone it sits behind a tab, chosen once the page has loaded. */
async function panelOf(page: Page, name: 'Students' | 'Members'): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  const tab = page.getByRole('tab', { name });
  if (await tab.count()) await tab.click();
  return page.getByRole('region', { name });
}

const studentsPanel = (page: Page) => panelOf(page, 'Students');

/** A student's button, named with their initials (or, in older builds, not) and their name; case-sensitive, as the display rule is the point. */
function personButton(region: Locator, name: string): Locator {
  return region.getByRole('button', { name: new RegExp(`^(?:[A-Z]{1,2} )?${name}$`) });
}

async function expectInsideViewport(page: Page, locator: Locator, where: string): Promise<void> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, where).not.toBeNull();
  expect(box!.x, `${where}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${where}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${where}: right edge`).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height, `${where}: bottom edge`).toBeLessThanOrEqual(viewport.height);
}

test('names read the same everywhere: capitalised words, the capitals the student typed kept', async () => {
  const ben = await pageOf(BEN, '/');
  // The user menu: its button and its dropdown.
  const menuButton = ben.getByRole('button', { name: /user menu/i });
  await expect(menuButton).toHaveAccessibleName(/Ben McDonald/);
  await menuButton.click();
  await expect(ben.getByRole('region', { name: 'User Profile' })).toContainText('Ben McDonald');
  await ben.keyboard.press('Escape');

  // The students panel and the profile card.
  await ben.goto(`/course/${course.id}`);
  const panel = await studentsPanel(ben);
  for (const index of [ALICE, ANDY, MARY_JANE]) await expect(personButton(panel, shownName(index))).toBeVisible();
  await personButton(panel, 'Alice Gator').click();
  const card = ben.getByRole('dialog', { name: 'Alice Gator' });
  await expect(card).toContainText('Alice Gator');
  await expect(card).toContainText(`@${cohort[ALICE].username}`);
  await ben.keyboard.press('Escape');

  // The group page: members, the owner's remove button and its confirmation, the chat.
  await ben.goto(`/study-group/${groupId}`);
  const members = ben.getByRole('region', { name: 'Members' });
  for (const index of NAMES.keys()) await expect(personButton(members, shownName(index))).toContainText(shownName(index));
  await members.getByRole('button', { name: 'Remove Alice Gator', exact: true }).click();
  await expect(ben.getByRole('dialog', { name: 'Remove member' })).toContainText(`Remove Alice Gator from ${GROUP_NAME}?`);
  await ben.getByRole('dialog', { name: 'Remove member' }).getByRole('button', { name: 'Cancel' }).click();
  const chat = ben.getByRole('region', { name: 'Group Chat' });
  await expect(chat.getByRole('listitem').filter({ hasText: 'Hi from Alice' })).toContainText('Alice Gator');
  await snap(ben, 'people-01-names');
  await ben.close();
});

test('two students with the same initials get different colours, and their names on hover and keyboard focus', async () => {
  const ben = await pageOf(BEN, `/course/${course.id}`);
  const panel = await studentsPanel(ben);
  const alice = personButton(panel, 'Alice Gator');
  const andy = personButton(panel, 'Andy Green');
  await expect(alice).toHaveText('AG', { useInnerText: true });
  await expect(andy).toHaveText('AG', { useInnerText: true });
  const colour = (button: Locator) =>
    button
      .locator('span')
      .first()
      .evaluate((avatar) => getComputedStyle(avatar).backgroundColor);
  expect(await colour(alice)).not.toBe(await colour(andy));

  // Hover: the tip names the student.
  await alice.hover();
  await expect(ben.getByRole('tooltip')).toHaveText('Alice Gator');
  await snap(ben, 'people-02-name-tip');
  await ben.mouse.move(0, 0);
  await expect(ben.getByRole('tooltip')).toHaveCount(0);

  // Keyboard focus: the same tip.
  await andy.focus();
  await ben.keyboard.press('Shift+Tab');
  await ben.keyboard.press('Tab');
  await expect(andy).toBeFocused();
  // Alice's tip (from her focus a moment ago) closes as Andy's opens: one tip, his.
  await expect(ben.getByRole('tooltip')).toHaveCount(1);
  await expect(ben.getByRole('tooltip')).toHaveText('Andy Green');

  // The user menu button names its student too.
  await ben.getByRole('button', { name: /user menu/i }).hover();
  await expect(ben.getByRole('tooltip', { name: 'Ben McDonald' })).toBeVisible();
  await ben.close();
});

test('a profile card opened on a 360 x 740 phone lies inside the screen', async () => {
  const phone = { width: 360, height: 740 };
  const ben = await pageOf(BEN, `/course/${course.id}`, phone);
  const panel = await studentsPanel(ben);
  const last = panel.getByRole('button').last();
  await last.click();
  const card = ben.getByRole('dialog');
  await expect(card).toBeVisible();
  await expectInsideViewport(ben, card, 'the last student’s card');
  await snap(ben, 'people-03-phone-card');
  // Still a non-modal dialog: Escape closes it and focus goes back.
  await ben.keyboard.press('Escape');
  await expect(card).toHaveCount(0);
  await expect(last).toBeFocused();

  // The last member of the group page, scrolled to the bottom of the screen.
  await ben.goto(`/study-group/${groupId}`);
  const members = await panelOf(ben, 'Members');
  const bottom = personButton(members, "Mary-Jane O'Neil");
  await expect(bottom).toHaveText('MO', { useInnerText: true });
  await bottom.evaluate((button) => button.scrollIntoView({ block: 'end' }));
  // The narrow page shows initials: the tip names the member.
  await bottom.hover();
  await expect(ben.getByRole('tooltip')).toHaveText("Mary-Jane O'Neil");
  await bottom.click();
  await expect(card).toBeVisible();
  await expectInsideViewport(ben, card, 'the bottom member’s card');

  await card.getByRole('button', { name: 'Close profile' }).click();
  await expect(card).toHaveCount(0);
  await expect(bottom).toBeFocused();

  // A short screen: the card is cut to the room there is, and scrolls.
  await ben.setViewportSize({ width: 360, height: 300 });
  await bottom.evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await bottom.click();
  await expect(card).toBeVisible();
  await expectInsideViewport(ben, card, 'the card on a short screen');
  expect(await card.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await snap(ben, 'people-04-short-screen-card');
  await ben.close();
});

test('the chat groups messages by author, names them, opens their profile cards and marks your own', async () => {
  const post = (index: number, message: string) =>
    apiPost(cohort[index].context.request, '/api/insert-course-message/', { courseID: course.id, message });
  for (const text of ['First from Alice', 'Second from Alice', 'Third from Alice']) await post(ALICE, text);
  await post(BEN, 'Ben answers');
  // Andy writes and leaves the course: his message stays, under his name (not his username).
  await post(ANDY, 'Andy signing off');
  await apiPost(cohort[ANDY].context.request, '/api/delete-course-member/', { courseID: course.id });
  await post(CARA, 'Cara has the notes');

  // Ben reads: Alice's three under one name, his own under "You".
  const ben = await pageOf(BEN, `/course/${course.id}`);
  const chat = ben.getByRole('region', { name: 'Course Chat' });
  await expect(chat.getByRole('listitem').filter({ hasText: 'Ben answers' })).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Alice Gator', exact: true })).toHaveCount(1);
  await expect(chat.getByText('alice_', { exact: false })).toHaveCount(0);
  await ben.close();

  // Alice reads: Ben's name opens his card; her own messages look different.
  const alice = await pageOf(ALICE, `/course/${course.id}`);
  const aliceChat = alice.getByRole('region', { name: 'Course Chat' });
  const item = (text: string) => aliceChat.getByRole('listitem').filter({ hasText: text });
  await expect(item('Ben answers')).toBeVisible();
  await expect(item('Andy signing off')).toContainText(shownName(ANDY));
  await expect(item('Andy signing off')).not.toContainText(cohort[ANDY].username);
  // He is no longer in the room: his name is plain text, with no profile card to open (Reply and the reactions stay).
  await expect(item('Andy signing off').getByRole('button', { name: new RegExp(shownName(ANDY)) })).toHaveCount(0);
  await expect(item('Andy signing off').getByRole('button', { name: 'Reply', exact: true })).toHaveCount(1);
  const students = await studentsPanel(alice);
  await expect(personButton(students, shownName(BEN))).toHaveCount(1);
  await expect(personButton(students, shownName(BEN))).toBeVisible();
  await expect(personButton(students, shownName(ANDY))).toHaveCount(0);
  await expect(aliceChat.getByText('You', { exact: true }).filter({ visible: true })).toHaveCount(1);
  const benName = aliceChat.getByRole('button', { name: 'Ben McDonald', exact: true });
  await expect(benName).toHaveCount(1);
  await expect(benName).toHaveAttribute('title', `@${cohort[BEN].username}`);
  const look = (locator: Locator) =>
    locator.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const log = element.closest('[role="log"]')!.getBoundingClientRect();
      return { background: getComputedStyle(element).backgroundColor, left: box.left - log.left, right: log.right - box.right };
    });
  const mine = await look(item('Third from Alice'));
  const theirs = await look(item('Ben answers'));
  expect(mine.background).not.toBe(theirs.background);
  // Your own on the right, others' on the left.
  expect(mine.right).toBeLessThan(mine.left);
  expect(theirs.left).toBeLessThan(theirs.right);
  // Each message still carries its own time, in full on hover.
  await expect(item('Second from Alice')).toHaveAttribute('title', /\d{4} at \d{1,2}:\d{2} [AP]M/);
  await expect(item('Second from Alice').locator('time')).toHaveAttribute('datetime', /Z$/);
  await snap(alice, 'people-05-chat-grouped');

  // The authors' names are one tab stop, not one per run on the way to the message box: Tab from the
  // log reaches the newest author's name, the arrow keys move between names, Tab goes on to the box.
  const caraName = aliceChat.getByRole('button', { name: 'Cara Fox', exact: true });
  const messageBox = aliceChat.getByRole('textbox', { name: 'Message' });
  await aliceChat.getByRole('log').focus();
  // (The messages' own buttons, Add reaction, Reply, Edit and Delete, are one stop of their own: the newest message's Reply.
  // Its author's name comes first.)
  await alice.keyboard.press('Tab');
  await expect(caraName).toBeFocused();
  await alice.keyboard.press('Tab');
  await expect(item('Cara has the notes').getByRole('button', { name: 'Reply', exact: true })).toBeFocused();
  await alice.keyboard.press('Shift+Tab');
  await expect(caraName).toBeFocused();
  await alice.keyboard.press('ArrowUp');
  await expect(benName).toBeFocused();
  await alice.keyboard.press('ArrowUp');
  await expect(benName, 'the first name stays put').toBeFocused();
  const caraReply = item('Cara has the notes').getByRole('button', { name: 'Reply', exact: true });
  await alice.keyboard.press('Tab');
  await expect(caraReply).toBeFocused();
  await alice.keyboard.press('Tab');
  await expect(messageBox).toBeFocused();
  // Back from the box: the messages' stop, then the name left last.
  await alice.keyboard.press('Shift+Tab');
  await expect(caraReply).toBeFocused();
  await alice.keyboard.press('Shift+Tab');
  await expect(benName).toBeFocused();
  await alice.keyboard.press('End');
  await expect(caraName).toBeFocused();
  await alice.keyboard.press('Home');
  await expect(benName).toBeFocused();
  await alice.keyboard.press('ArrowDown');
  await expect(caraName).toBeFocused();
  await alice.keyboard.press('Enter');
  await expect(alice.getByRole('dialog', { name: 'Cara Fox' })).toBeVisible();
  await alice.keyboard.press('Escape');
  await expect(caraName).toBeFocused();

  await benName.click();
  const card = alice.getByRole('dialog', { name: 'Ben McDonald' });
  await expect(card).toContainText(`@${cohort[BEN].username}`);
  await expectInsideViewport(alice, card, 'the author’s card');
  await alice.keyboard.press('Escape');
  await expect(benName).toBeFocused();

  // The same at 360 px: your own still stand apart.
  await alice.setViewportSize({ width: 360, height: 740 });
  const narrowMine = await look(item('Third from Alice'));
  expect(narrowMine.right).toBeLessThan(narrowMine.left);
  await item('Ben answers').scrollIntoViewIfNeeded();
  await snap(alice, 'people-06-chat-phone');
  await alice.close();
});

test('buttons that show initials are named with them (axe: label-content-name-mismatch)', async () => {
  const audit = async (page: Page, where: string) => {
    const results = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
    expect(results.violations, `${where}: ${JSON.stringify(results.violations.map((v) => v.nodes.map((n) => n.target)))}`).toEqual([]);
  };
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    const ben = await pageOf(BEN, '/', viewport);
    await expect(ben.getByRole('region', { name: 'Selected course' })).toBeVisible();
    await audit(ben, `the dashboard at ${viewport.width}`);
    await ben.goto(`/study-group/${groupId}`);
    await expect(ben.getByRole('region', { name: 'Group Chat' }).getByText('Hi from Alice')).toBeVisible();
    await audit(ben, `the group page's chat at ${viewport.width}`);
    await expect(await panelOf(ben, 'Members')).toBeVisible();
    await audit(ben, `the group page at ${viewport.width}`);
    await ben.close();
  }
});
