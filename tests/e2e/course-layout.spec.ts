// The course view's layout and the dashboard's behaviour (issue 11): every
// group of the course on the dashboard with Join Group from its modal.
import { expect, test, type Page } from '@playwright/test';
import { createGroupViaApi, joinCourseViaApi, signUpViaApi, snap } from './e2e-support';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

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
