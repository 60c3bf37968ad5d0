// The browser's Back closes an open modal instead of leaving the page under
// it, on a desktop and on a phone; a modal closed any other way (Escape, its
// Close or Cancel button, its action done) leaves no step in history, so the
// next Back leaves the page as it did before; and the group page opened from
// the group modal (View Group) takes the modal's place, so Back from it
// returns to the course.
import { expect, test, type Page } from '@playwright/test';
import { createGroupViaApi, joinCourseViaApi, SCREEN_SIZES, signUpViaApi } from './e2e-support';

// A course no other spec uses, so its groups show in no other spec's lists.
const COURSE_CODE = 'MUL2010';

const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

for (const size of SCREEN_SIZES) {
  test(`at ${size.width} px Back closes a modal, not the page, and a modal closed otherwise leaves no step behind`, async ({ page }) => {
    await page.setViewportSize(size);
    await signUpViaApi(page, 'Bea', 'Back', '/search-courses');
    const course = await joinCourseViaApi(page, COURSE_CODE);
    await createGroupViaApi(page, course.id, `Listening circle ${size.width}`);
    await page.goto(`/course/${course.id}`);
    const coursePath = `/course/${course.id}`;
    if (size.width < 640) await page.getByRole('tab', { name: 'Groups' }).click();

    const groups = page.getByRole('region', { name: 'Groups' });
    const createButton = groups.getByRole('button', { name: 'Create a study group' });
    const create = page.getByRole('dialog', { name: 'Create a Study Group' });
    const groupButton = groups.getByRole('button', { name: new RegExp(`Listening circle ${size.width}`) });
    const groupModal = page.getByRole('dialog', { name: `Listening circle ${size.width}` });

    // Back closes the modal: the course page stays, and focus goes back to what opened it.
    await createButton.click();
    await expect(create).toBeVisible();
    await page.goBack();
    await expect(create).toBeHidden();
    expect(path(page)).toBe(coursePath);
    await expect(createButton).toBeFocused();
    await expect(page.getByRole('heading', { level: 1, name: course.name })).toBeVisible();

    // The same for the group modal, then closed by Escape, by its Close button, and by creating a group.
    await groupButton.click();
    await expect(groupModal).toBeVisible();
    await page.goBack();
    await expect(groupModal).toBeHidden();
    expect(path(page)).toBe(coursePath);
    await groupButton.click();
    await page.keyboard.press('Escape');
    await expect(groupModal).toBeHidden();
    await groupButton.click();
    await groupModal.getByRole('button', { name: 'Close' }).click();
    await expect(groupModal).toBeHidden();
    await createButton.click();
    await create.getByLabel('Study Group Name').fill(`Second circle ${size.width}`);
    await create.getByLabel('Study Group Description').fill('Made to be closed by its own action');
    await create.getByRole('button', { name: 'Create Study Group' }).click();
    await expect(create).toBeHidden();
    await expect(groups.getByRole('button', { name: new RegExp(`Second circle ${size.width}`) })).toBeVisible();

    // None of them left a step: the next Back leaves the course page for the search, as it would have without them.
    await page.goBack();
    await expect.poll(() => path(page)).toBe('/search-courses');
  });
}

test('View Group from the group modal takes its place: Back from the group returns to the course, then to the page before', async ({
  page,
}) => {
  await signUpViaApi(page, 'Vic', 'View', '/search-courses');
  const course = await joinCourseViaApi(page, COURSE_CODE);
  await createGroupViaApi(page, course.id, 'Rhythm reading');
  await page.goto(`/course/${course.id}`);
  await page
    .getByRole('region', { name: 'Groups' })
    .getByRole('button', { name: /Rhythm reading/ })
    .click();
  await page.getByRole('dialog', { name: 'Rhythm reading' }).getByRole('link', { name: 'View Group' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rhythm reading' })).toBeVisible();

  await page.goBack();
  await expect.poll(() => path(page)).toBe(`/course/${course.id}`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goBack();
  await expect.poll(() => path(page)).toBe('/search-courses');
});

test('Back closes a confirmation too (Delete your account?), and the account stays', async ({ page }) => {
  await signUpViaApi(page, 'Dee', 'Dialog', '/');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirm).toBeVisible();
  await page.goBack();
  await expect(confirm).toBeHidden();
  expect(path(page)).toBe('/profile');
  await expect(page.getByRole('button', { name: 'Save Profile' })).toBeVisible();
  // Cancel takes its step back: Back now leaves the profile.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.goBack();
  await expect.poll(() => path(page)).toBe('/');
});
