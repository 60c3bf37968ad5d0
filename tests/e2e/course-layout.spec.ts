// The course view's layout and the dashboard's behaviour: every
// group of the course on the dashboard with Join Group from its modal; the
// selected course kept in the URL (reload, Back, Forward); the chat as the
// widest, window-tall panel at 1280 px; tabs and master-detail on a 360 px phone.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiPost, createGroupViaApi, expectNoHorizontalOverflow, joinCourseViaApi, signUpViaApi, snap } from './e2e-support';

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const courseList = (page: Page) => region(page, 'Courses');
const selectedCourse = (page: Page) => region(page, 'Selected course');

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

/** The placeholder's text, measured in the input's own font, fits the input's content box. */
async function expectPlaceholderFits(input: Locator): Promise<void> {
  const measured = await input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return {
      placeholder: element.placeholder,
      text: context.measureText(element.placeholder).width,
      room: element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
  });
  expect(measured.text, `"${measured.placeholder}" (${measured.text} px) in ${measured.room} px`).toBeLessThanOrEqual(measured.room);
}

/** At 1280x800: the chat is wider than the other panels, most of the window tall, its input on screen and its placeholder whole. */
async function expectChatLeads(page: Page, chatName: string, others: string[]): Promise<void> {
  const chat = region(page, chatName);
  const input = chat.getByRole('textbox', { name: 'Message' });
  await expect(input).toBeVisible();
  const chatBox = await boxOf(chat);
  for (const other of others) {
    const otherBox = await boxOf(region(page, other));
    expect(chatBox.width, `${chatName} is wider than ${other}`).toBeGreaterThan(otherBox.width);
  }
  expect(chatBox.height, `${chatName} spans most of the window`).toBeGreaterThanOrEqual(0.6 * WIDE.height);
  await expect(input).toBeInViewport({ ratio: 1 });
  await expectPlaceholderFits(input);
}

/** A chat that does not fill its log reads as a messenger does: the newest message at the bottom, just above the input. */
async function expectNewestAtBottom(page: Page, chatName: string): Promise<void> {
  const log = region(page, chatName).getByRole('log');
  const newest = log.getByRole('listitem').last();
  await expect(newest).toBeVisible();
  const [logBox, newestBox] = [await boxOf(log), await boxOf(newest)];
  const gap = logBox.y + logBox.height - (newestBox.y + newestBox.height);
  expect(gap, `${chatName}: room between the newest message and the bottom of the log`).toBeLessThanOrEqual(24);
}

/** On a phone: the chat input on screen without scrolling, the log at least half the screen tall. */
async function expectPhoneChat(page: Page, chatName: string): Promise<void> {
  const chat = region(page, chatName);
  await expect(chat.getByRole('textbox', { name: 'Message' })).toBeInViewport({ ratio: 1 });
  expect((await boxOf(chat.getByRole('log'))).height, 'the chat log fills the screen').toBeGreaterThanOrEqual(0.5 * PHONE.height);
  await expectNoHorizontalOverflow(page, page.url());
}

test('the dashboard lists every group of the course, the student’s own first and marked, with Join Group from the modal', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const studentContext = await browser.newContext();
  try {
    const ownerPage = await ownerContext.newPage();
    await signUpViaApi(ownerPage, 'Omar', 'Gator', '/search-courses');
    const course = await joinCourseViaApi(ownerPage, 'PHY2048');
    await createGroupViaApi(ownerPage, course.id, 'Vectors circle');

    const page = await studentContext.newPage();
    await signUpViaApi(page, 'Mia', 'Gator', '/search-courses');
    await joinCourseViaApi(page, 'PHY2048');
    await createGroupViaApi(page, course.id, 'Mia’s mechanics room');
    await page.goto('/');

    const groups = region(page, 'Groups');
    const entries = groups.getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('Mia’s mechanics room');
    await expect(entries.nth(0)).toContainText('Owner');
    await expect(entries.nth(1)).toContainText('Vectors circle');
    await expect(entries.nth(1)).not.toContainText(/Joined|Owner/);
    await expect(page.getByRole('link', { name: /Find more groups/ })).toHaveCount(0);
    await snap(page, 'layout-01-dashboard-groups');

    // Join Group from the group's modal: it is marked, and listed with the student's own.
    await groups.getByRole('button', { name: /Vectors circle/ }).click();
    const modal = page.getByRole('dialog', { name: 'Vectors circle' });
    await modal.getByRole('button', { name: 'Join Group' }).click();
    await expect(modal.getByRole('link', { name: 'View Group' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    const joined = entries.filter({ hasText: 'Vectors circle' });
    await expect(joined).toContainText('Joined');
    await expect(joined).toContainText('2 members');
    await page.reload();
    await expect(region(page, 'Groups').getByRole('button', { name: /Vectors circle/ })).toContainText('Joined');

    // Leaving keeps it listed, unmarked, among the others, with Join Group again.
    await region(page, 'Groups')
      .getByRole('button', { name: /Vectors circle/ })
      .click();
    await modal.getByRole('button', { name: 'Leave Group' }).click();
    // Asked first, in the modal's place.
    await page.getByRole('dialog', { name: 'Leave Vectors circle?' }).getByRole('button', { name: 'Leave Group' }).click();
    await expect(modal).toBeHidden();
    const stats = region(page, 'Groups').getByRole('button', { name: /Vectors circle/ });
    await expect(stats).toContainText('1 member');
    await expect(stats).not.toContainText('Joined');
    await expect(entries.nth(1)).toContainText('Vectors circle');
    await stats.click();
    await expect(modal.getByRole('button', { name: 'Join Group' })).toBeVisible();
  } finally {
    await ownerContext.close();
    await studentContext.close();
  }
});

test('the selected course is kept in the URL across reload, Back and Forward', async ({ page }) => {
  await signUpViaApi(page, 'Uri', 'Gator', '/search-courses');
  await joinCourseViaApi(page, 'COP3502C');
  await joinCourseViaApi(page, 'MAC2311');

  // Arriving with no course chosen selects the first, replacing the entry so Back does not bounce.
  await page
    .getByRole('link', { name: /Study Swamp/ })
    .first()
    .click();
  const buttons = courseList(page).getByRole('button');
  await expect(buttons).toHaveCount(2);
  await expect(buttons.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/\/\?course=\d+$/);
  const firstUrl = page.url();
  await page.goBack();
  await expect(page).toHaveURL(/\/search-courses/);
  await page.goForward();
  await expect(page).toHaveURL(firstUrl);

  // Choosing the second course is a new entry; a reload keeps it.
  const second = buttons.nth(1);
  const secondName = ((await second.locator('span').nth(1).textContent()) ?? '').trim();
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(page).not.toHaveURL(firstUrl);
  const secondUrl = page.url();
  await page.reload();
  await expect(buttons.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(selectedCourse(page).getByRole('heading', { level: 2, name: secondName })).toBeVisible();

  // Away and Back: still the second.
  await page.getByRole('link', { name: 'Add a course' }).click();
  await expect(page).toHaveURL(/\/search-courses/);
  await page.goBack();
  await expect(page).toHaveURL(secondUrl);
  await expect(buttons.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(selectedCourse(page).getByRole('heading', { level: 2, name: secondName })).toBeVisible();

  // Back in the course view deselects, as an entry of its own; Back returns to the course.
  await selectedCourse(page).getByRole('button', { name: 'Back to courses' }).click();
  await expect(page.getByText('Select one of your courses!')).toBeVisible();
  await expect(buttons.nth(1)).toBeFocused();
  await expect(page).toHaveURL(/\?course=none$/);
  await page.reload();
  await expect(page.getByText('Select one of your courses!')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(secondUrl);
  await expect(buttons.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await page.goBack();
  await expect(buttons.nth(0)).toHaveAttribute('aria-pressed', 'true');

  // An id that is not one of the student's courses selects nothing.
  await page.goto('/?course=99999999');
  await expect(page.getByText('Select one of your courses!')).toBeVisible();
  await expect(buttons.nth(0)).toHaveAttribute('aria-pressed', 'false');
  await expect(page).toHaveURL(/\?course=99999999$/);
});

test('at 1280 px the chat is the widest panel and as tall as the window, its placeholder whole', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await signUpViaApi(page, 'Wren', 'Gator', '/search-courses');
  const accounting = await joinCourseViaApi(page, 'ACG2021');
  expect(accounting.name).toBe('Introduction to Financial Accounting');
  const programming = await joinCourseViaApi(page, 'COP3502C');
  const groupId = await createGroupViaApi(page, accounting.id, 'Programming Fundamentals 1 study hall');
  await apiPost(page, '/api/insert-course-message/', { courseID: accounting.id, message: 'Debits on the left?' });
  await apiPost(page, '/api/insert-study-group-message/', { studyGroupID: groupId, message: 'Room 101 tonight' });

  await page.goto(`/?course=${accounting.id}`);
  await expect(selectedCourse(page).getByRole('heading', { level: 2, name: accounting.name })).toBeVisible();
  await expectChatLeads(page, 'Course Chat', ['Groups', 'Students', 'Courses']);
  await expectNewestAtBottom(page, 'Course Chat');
  await snap(page, 'layout-02-dashboard-1280');
  await page.goto(`/?course=${programming.id}`);
  await expect(selectedCourse(page).getByRole('heading', { level: 2, name: programming.name })).toBeVisible();
  await expectChatLeads(page, 'Course Chat', ['Groups', 'Students', 'Courses']);

  await page.goto(`/course/${accounting.id}`);
  await expect(page.getByRole('heading', { level: 1, name: accounting.name })).toBeVisible();
  await expectChatLeads(page, 'Course Chat', ['Groups', 'Students']);
  await snap(page, 'layout-03-course-page-1280');

  await page.goto(`/study-group/${groupId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Programming Fundamentals 1 study hall' })).toBeVisible();
  await expectChatLeads(page, 'Group Chat', ['Members']);
  await expectNewestAtBottom(page, 'Group Chat');
  expect((await boxOf(region(page, 'Group Chat'))).width).toBeGreaterThan((await boxOf(page.getByRole('heading', { level: 1 }))).width);
  await snap(page, 'layout-04-group-page-1280');

  // A short window scrolls the page rather than crush the chat.
  await page.setViewportSize({ width: 1280, height: 480 });
  await page.goto(`/course/${accounting.id}`);
  const log = region(page, 'Course Chat').getByRole('log');
  await expect(log).toBeVisible();
  expect((await boxOf(log)).height).toBeGreaterThanOrEqual(224);
});

test('on a 360 px phone the chat fills the screen under the course, and the dashboard shows the list or the course', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signUpViaApi(page, 'Pia', 'Gator', '/search-courses');
  const course = await joinCourseViaApi(page, 'ACG2021');
  await joinCourseViaApi(page, 'COP3502C');
  const groupId = await createGroupViaApi(page, course.id, 'Ledger lab');
  await apiPost(page, '/api/insert-course-message/', { courseID: course.id, message: 'Who has the lab notes?' });

  // The dashboard selects the first course and shows it instead of the list.
  await page.goto('/');
  const view = selectedCourse(page);
  await expect(view.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(courseList(page)).toBeHidden();
  await expectPhoneChat(page, 'Course Chat');
  await expectNewestAtBottom(page, 'Course Chat');
  await snap(page, 'layout-05-dashboard-phone');

  // Its back button returns to the list; a course from the list replaces it again.
  await view.getByRole('button', { name: 'Back to courses' }).click();
  await expect(courseList(page)).toBeVisible();
  await expect(page.getByText('Select one of your courses!')).toBeVisible();
  await expect(courseList(page).getByRole('button').first()).toBeFocused();
  await expectNoHorizontalOverflow(page, 'the dashboard list on a phone');
  await snap(page, 'layout-06-dashboard-phone-list');
  await courseList(page)
    .getByRole('button', { name: /ACG2021/ })
    .click();
  await expect(courseList(page)).toBeHidden();
  await expect(view.getByRole('heading', { level: 2, name: course.name })).toBeVisible();
  await expectPhoneChat(page, 'Course Chat');
  await page.goBack();
  await expect(courseList(page)).toBeVisible();

  // The course page and the group page: the chat first, on screen.
  await page.goto(`/course/${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: course.name })).toBeVisible();
  await expectPhoneChat(page, 'Course Chat');
  await snap(page, 'layout-07-course-page-phone');
  // The term, credits, instructors and description are one tap away.
  const facts = page.getByRole('list', { name: 'Term, credits and instructors' });
  await expect(facts).toBeHidden();
  await page.getByRole('button', { name: 'Course details' }).click();
  await expect(page.getByRole('button', { name: 'Course details' })).toHaveAttribute('aria-expanded', 'true');
  await expect(facts).toBeVisible();
  await expectNoHorizontalOverflow(page, 'the course details on a phone');
  await page.goto(`/study-group/${groupId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ledger lab' })).toBeVisible();
  await expectPhoneChat(page, 'Group Chat');
  await snap(page, 'layout-08-group-page-phone');
});

test('on a phone the course sections are tabs: arrow keys, Home and End move between them, one tab stop', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const student = await signUpViaApi(page, 'Tess', 'Gator', '/search-courses');
  const course = await joinCourseViaApi(page, 'COP3502C');
  await page.goto(`/course/${course.id}`);

  const tabList = page.getByRole('tablist', { name: 'Course sections' });
  const tabs = tabList.getByRole('tab');
  await expect(tabs).toHaveText(['Chat', 'Groups', 'Students']);
  const [chat, groups, students] = [tabs.nth(0), tabs.nth(1), tabs.nth(2)];
  const expectSelected = async (selected: Locator, panelName: string, regionName: string) => {
    for (const tab of [chat, groups, students]) {
      const isSelected = (await tab.textContent()) === (await selected.textContent());
      await expect(tab).toHaveAttribute('aria-selected', String(isSelected));
      await expect(tab).toHaveAttribute('tabindex', isSelected ? '0' : '-1');
    }
    const panel = page.getByRole('tabpanel', { name: panelName });
    await expect(panel).toBeVisible();
    await expect(page.locator(`#${await selected.getAttribute('aria-controls')}`)).toHaveAttribute('role', 'tabpanel');
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    await expect(panel.getByRole('region', { name: regionName })).toBeVisible();
  };
  await expectSelected(chat, 'Chat', 'Course Chat');

  await chat.focus();
  await page.keyboard.press('ArrowRight');
  await expect(groups).toBeFocused();
  await expectSelected(groups, 'Groups', 'Groups');
  await expect(region(page, 'Course Chat')).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await expectSelected(students, 'Students', 'Students');
  await expect(
    region(page, 'Students').getByRole('button', { name: new RegExp(`${student.firstName} ${student.lastName}$`) }),
  ).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(chat).toBeFocused();
  await expectSelected(chat, 'Chat', 'Course Chat');
  await page.keyboard.press('ArrowLeft');
  await expect(students).toBeFocused();
  await page.keyboard.press('Home');
  await expect(chat).toBeFocused();
  await expectSelected(chat, 'Chat', 'Course Chat');
  await page.keyboard.press('End');
  await expect(students).toBeFocused();
  await expectSelected(students, 'Students', 'Students');
  // Tab leaves the tab list for the panel rather than visiting the other tabs.
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).not.toHaveRole('tab');

  // One tap on a tab shows its panel.
  await groups.click();
  await expect(region(page, 'Groups').getByRole('button', { name: 'Create a study group' })).toBeVisible();
  await expectNoHorizontalOverflow(page, 'the Groups tab');
  await snap(page, 'layout-09-course-page-phone-groups');

  // Wide again, the tabs give way to the panels side by side.
  await page.setViewportSize(WIDE);
  await expect(tabList).toBeHidden();
  for (const name of ['Course Chat', 'Groups', 'Students']) await expect(region(page, name)).toBeVisible();
});

test('a dialog opened on a wide screen stays open and usable when the screen narrows into tabs', async ({ page }) => {
  // A tablet turned upright: the group modal was opened from the Groups panel, which then sits behind its tab.
  await page.setViewportSize(WIDE);
  await signUpViaApi(page, 'Rhea', 'Gator', '/search-courses');
  const course = await joinCourseViaApi(page, 'COT3100');
  await createGroupViaApi(page, course.id, 'Turning the tablet');
  await page.goto(`/course/${course.id}`);
  await region(page, 'Groups')
    .getByRole('button', { name: /Turning the tablet/ })
    .click();
  const modal = page.getByRole('dialog', { name: 'Turning the tablet' });
  await expect(modal).toBeVisible();

  await page.setViewportSize(PHONE);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('link', { name: 'View Group' })).toBeInViewport();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
  // Nothing is left inert behind a dialog nobody can see.
  await page.getByRole('tab', { name: 'Groups' }).click();
  await expect(region(page, 'Groups').getByRole('button', { name: /Turning the tablet/ })).toBeVisible();
});
