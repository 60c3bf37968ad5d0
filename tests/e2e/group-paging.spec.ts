// A course with more groups than a page (e2e-groups.ts: 45): the Groups panel
// shows the first 20, the next pages load as the end of the list scrolls into
// view (and with "Load more groups" where nothing observes the scrolling),
// every group once; a group from a later page opens its modal, and a group
// the student creates shows at once, first. On a laptop and on a phone.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiPost, expectNoHorizontalOverflow, joinCourseViaApi, signUpViaApi, snap } from './e2e-support';
import { MANY_GROUPS, MANY_GROUPS_COURSE, manyGroupName } from './e2e-groups';

const ALL_NAMES = Array.from({ length: MANY_GROUPS }, (_, i) => manyGroupName(i + 1));

/** The course page of a new student in the course with many groups, and its Groups panel. */
async function openCourse(
  page: Page,
  firstName: string,
  { phone = false } = {},
): Promise<{ courseId: number; groups: Locator; names: () => Promise<string[]> }> {
  await signUpViaApi(page, firstName, 'Pager', '/search-courses');
  const { id } = await joinCourseViaApi(page, MANY_GROUPS_COURSE.code);
  await page.goto(`/course/${id}`);
  const groups = page.getByRole('region', { name: 'Groups' });
  // On a phone the course's sections are tabs, the chat first.
  if (phone) await page.getByRole('tab', { name: 'Groups' }).click();
  // The embedded server on a loaded machine can take a while over the first page.
  await expect(groups.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });
  // Each item's first line is the group's name (its member count and marks follow).
  const names = async () => (await groups.getByRole('listitem').allInnerTexts()).map((text) => text.split('\n')[0].trim());
  return { courseId: id, groups, names };
}

test('the Groups panel loads the next pages on scroll, each group once, and opens a group from a later page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { courseId, groups, names } = await openCourse(page, 'pia');
  const items = groups.getByRole('listitem');
  await expect(items).toHaveCount(20);
  expect(await names()).toEqual(ALL_NAMES.slice(0, 20));
  await expect(groups.getByRole('button', { name: 'Load more groups' })).toBeAttached();

  // Scrolling to the end of the list asks for the next page, then the last.
  await items.last().scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(40);
  await items.last().scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(MANY_GROUPS);
  await expect(groups.getByRole('button', { name: 'Load more groups' })).toHaveCount(0);
  expect(await names()).toEqual(ALL_NAMES);
  await snap(page, 'group-paging-01-all-loaded');

  // A group of the last page opens its modal.
  await groups.getByRole('button', { name: new RegExp(manyGroupName(44)) }).click();
  const modal = page.getByRole('dialog', { name: manyGroupName(44) });
  await expect(modal.getByText('Circle number 44')).toBeVisible();
  await expect(modal.getByText('Library West 44', { exact: false })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // A group the student starts shows at once, first, with the loaded pages kept and nothing twice.
  await groups.getByRole('button', { name: 'Create a study group' }).click();
  const create = page.getByRole('dialog', { name: 'Create a Study Group' });
  await create.getByLabel('Study Group Name').fill('Pia’s own circle');
  await create.getByLabel('Study Group Description').fill('Started while scrolled down');
  await create.getByRole('button', { name: 'Create Study Group' }).click();
  await expect(create).toBeHidden();
  await expect(items.first()).toContainText('Pia’s own circle');
  await expect(items.first()).toContainText('Owner');
  await expect(items).toHaveCount(MANY_GROUPS + 1);
  expect(await names()).toEqual(['Pia’s own circle', ...ALL_NAMES]);

  // Gone again (its owner leaves it alone), so the course keeps the seeded groups only for the other tests.
  const page1 = (await (await page.request.get(`/api/course/${courseId}/`)).json()) as { courseStudyGroups: { id: number }[] };
  await apiPost(page, '/api/delete-study-group-member/', { studyGroupID: page1.courseStudyGroups[0].id });
});

test('on a phone, the Groups tab loads more on scroll and with the button, where scrolling is not observed', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { groups, names } = await openCourse(page, 'quinn', { phone: true });
  const items = groups.getByRole('listitem');
  await expect(items).toHaveCount(20);
  await items.last().scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(40);
  await expectNoHorizontalOverflow(page, 'the Groups tab with two pages of groups');
  await snap(page, 'group-paging-02-phone');
  await items.last().scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(MANY_GROUPS);
  expect(await names()).toEqual(ALL_NAMES);
  await groups.getByRole('button', { name: new RegExp(manyGroupName(41)) }).click();
  await expect(page.getByRole('dialog', { name: manyGroupName(41) }).getByText('Circle number 41')).toBeVisible();
  await page.keyboard.press('Escape');

  // A browser without IntersectionObserver: the button, from the keyboard, loads each page.
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'IntersectionObserver');
  });
  await page.reload();
  await page.getByRole('tab', { name: 'Groups' }).click();
  await expect(items).toHaveCount(20);
  const loadMore = groups.getByRole('button', { name: 'Load more groups' });
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(items).toHaveCount(40);
  await expect(loadMore).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(items).toHaveCount(MANY_GROUPS);
  await expect(loadMore).toHaveCount(0);
  expect(await names()).toEqual(ALL_NAMES);
  await expectNoHorizontalOverflow(page, 'the Groups tab with every group');
});
