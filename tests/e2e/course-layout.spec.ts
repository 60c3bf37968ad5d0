// The course view's layout and the dashboard's behaviour (issue 11): every
// group of the course on the dashboard with Join Group from its modal; the
// selected course kept in the URL (reload, Back, Forward).
import { expect, test, type Page } from '@playwright/test';
import { createGroupViaApi, joinCourseViaApi, signUpViaApi, snap } from './e2e-support';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const courseList = (page: Page) => region(page, 'Courses');
const selectedCourse = (page: Page) => region(page, 'Selected course');

test('the dashboard lists every group of the course, the student’s own first and marked, with Join Group from the modal', async ({ browser }) => {
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
    await region(page, 'Groups').getByRole('button', { name: /Vectors circle/ }).click();
    await modal.getByRole('button', { name: 'Leave Group' }).click();
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
  await page.getByRole('link', { name: /Study Swamp/ }).first().click();
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
