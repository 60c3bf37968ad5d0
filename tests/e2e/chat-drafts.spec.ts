// Drafts that survive (issue 27): what a student typed and did not send stays
// in each room's box through a reload, a switch to another room, a closed tab
// and a second tab; it goes when sent, and when the student logs out.
import { expect, test, type Page } from '@playwright/test';
import { createGroupViaApi, joinCourseViaApi, logInWithRequest, signUpViaApi } from './e2e-support';

const courseBox = (page: Page) => page.getByRole('region', { name: 'Course Chat' }).getByRole('textbox', { name: 'Message' });
const groupBox = (page: Page) => page.getByRole('region', { name: 'Group Chat' }).getByRole('textbox', { name: 'Message' });

test('a half-written message survives a reload, another room, a closed tab and a second tab, and goes when sent', async ({ context }) => {
  const page = await context.newPage();
  await signUpViaApi(page, 'Della', 'Drafts');
  const course = await joinCourseViaApi(page, 'STA2023');
  const groupId = await createGroupViaApi(page, course.id, 'Draft Keepers');

  await page.goto(`/course/${course.id}`);
  await courseBox(page).fill('Does anyone have the notes from\nWednesday');
  await page.reload();
  await expect(courseBox(page)).toHaveValue('Does anyone have the notes from\nWednesday');

  // Another room keeps its own draft; coming back finds the first one.
  await page.goto(`/study-group/${groupId}`);
  await expect(groupBox(page)).toHaveValue('');
  await groupBox(page).fill('Bring the practice exam');
  await page.goto(`/course/${course.id}`);
  await expect(courseBox(page)).toHaveValue('Does anyone have the notes from\nWednesday');

  // A closed tab, then a new one.
  await page.close();
  const later = await context.newPage();
  await later.goto(`/study-group/${groupId}`);
  await expect(groupBox(later)).toHaveValue('Bring the practice exam');

  // A second tab writing its draft does not undo the first tab's.
  const second = await context.newPage();
  await second.goto(`/course/${course.id}`);
  await courseBox(second).fill('Does anyone have the notes from Wednesday?');
  await groupBox(later).fill('Bring the practice exam and a calculator');
  await second.reload();
  await expect(courseBox(second)).toHaveValue('Does anyone have the notes from Wednesday?');
  await later.reload();
  await expect(groupBox(later)).toHaveValue('Bring the practice exam and a calculator');

  // Sent, it is gone from the box for good.
  await courseBox(second).press('Enter');
  await expect(second.getByRole('region', { name: 'Course Chat' }).getByText('Does anyone have the notes from Wednesday?')).toBeVisible();
  await expect(courseBox(second)).toHaveValue('');
  await second.reload();
  await expect(courseBox(second)).toBeVisible();
  await expect(courseBox(second)).toHaveValue('');
});

test('logging out forgets the drafts; a session that ends on its own keeps them', async ({ page, context }) => {
  const student = await signUpViaApi(page, 'Lou', 'Drafts');
  const course = await joinCourseViaApi(page, 'STA2023');
  await page.goto(`/course/${course.id}`);
  await courseBox(page).fill('Half a thought');

  // The session ends without the student (cookies cleared, as an expired session): the draft waits for them.
  await context.clearCookies();
  await logInWithRequest(page, student.username, student.password);
  await page.goto(`/course/${course.id}`);
  await expect(courseBox(page)).toHaveValue('Half a thought');

  // Logging out on a shared computer leaves nothing typed behind.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/log-in$/);
  expect(await page.evaluate(() => localStorage.getItem('study-swamp:drafts'))).not.toContain('Half a thought');
  await logInWithRequest(page, student.username, student.password);
  await page.goto(`/course/${course.id}`);
  await expect(courseBox(page)).toBeVisible();
  await expect(courseBox(page)).toHaveValue('');
});
