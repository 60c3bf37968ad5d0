// Group names: a group's name and description say their limit as the student
// types, an over-long one is kept as typed and refused on its field before
// anything is sent (the server answers the same), and the longest name wraps
// inside its column on the group page, in the groups list and in the modals.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiPost, expectNoHorizontalOverflow, joinCourseViaApi, SCREEN_SIZES, signUpViaApi, snap } from './e2e-support';

const ERROR_RED = 'rgb(179, 38, 30)';
// Courses no other spec uses, so the groups made here show in no other spec's lists.
const COURSES = { counting: 'CHM2045', wrapping: 'ECO2023' };
// 100 characters and no space to break at.
const LONGEST_NAME = `Exam-review-every-single-night-before-the-final-${'x'.repeat(52)}`;
// Long words that each fit a column on a line of their own: they wrap between words, never inside one.
const WORDY_NAME = 'Programming Fundamentals and Thermodynamics Electromagnetism marathon';

/** Fails when the element's box reaches past its container's, or its own content is wider than it. */
async function expectInside(element: Locator, container: Locator, where: string): Promise<void> {
  const [inner, outer] = await Promise.all([element.boundingBox(), container.boundingBox()]);
  expect(inner && outer, where).toBeTruthy();
  expect(inner!.x, `${where}: left edge`).toBeGreaterThanOrEqual(outer!.x - 0.5);
  expect(inner!.x + inner!.width, `${where}: right edge`).toBeLessThanOrEqual(outer!.x + outer!.width + 0.5);
  const clipped = await element.evaluate((node) => node.scrollWidth - node.clientWidth);
  expect(clipped, `${where}: content wider than its box`).toBeLessThanOrEqual(0);
}

/** Fails when a word of the element's text is cut across lines although it would fit the container's width on a line of its own. */
async function expectWordsWhole(element: Locator, container: Locator, where: string): Promise<void> {
  const room = await container.evaluate((node) => {
    const style = getComputedStyle(node);
    return node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  });
  const cut = await element.evaluate((node, width) => {
    const words: string[] = [];
    const texts = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      for (const word of (text.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const pieces = [...range.getClientRects()].filter((rect) => rect.width > 0);
        const wordWidth = pieces.reduce((sum, rect) => sum + rect.width, 0);
        if (pieces.length > 1 && wordWidth <= width) words.push(`${word[0]} (${Math.round(wordWidth)} of ${Math.round(width)} px)`);
      }
    }
    return words;
  }, room);
  expect(cut, `${where}: words cut across lines that fit one`).toEqual([]);
}

/** Every request that would create or change a group. */
function groupWrites(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(insert|update)-study-group\/$/.test(request.url())) sent.push(request.url());
  });
  return sent;
}

test('the name and description count to their limit, keep what was pasted and refuse an over-long one unsent', async ({ page }) => {
  await signUpViaApi(page, 'Nora', 'Gator', '/search-courses');
  const { id: courseId } = await joinCourseViaApi(page, COURSES.counting);
  await page.goto(`/course/${courseId}`);
  const sent = groupWrites(page);

  await page.getByRole('button', { name: 'Create a study group' }).click();
  const create = page.getByRole('dialog', { name: 'Create a Study Group' });
  const name = create.getByLabel('Study Group Name');
  const description = create.getByLabel('Study Group Description');
  await expect(create.getByText('0/100', { exact: true })).toBeVisible();
  await expect(name).toHaveAccessibleDescription('0 of 100 characters');
  await expect(create.getByText('0/1,000', { exact: true })).toBeVisible();

  await name.fill('Calc crew');
  await expect(create.getByText('9/100', { exact: true })).toBeVisible();
  await expect(name).toHaveAccessibleDescription('9 of 100 characters');

  // A 101-character paste stays whole, and the counter says it is one too many.
  const tooLong = `${LONGEST_NAME}!`;
  await name.fill(tooLong);
  await expect(name).toHaveValue(tooLong);
  const over = create.getByText('101/100', { exact: false });
  await expect(over).toBeVisible();
  await expect(over).toHaveCSS('color', ERROR_RED);
  await expect(name).toHaveAccessibleDescription('101 of 100 characters, 1 too many');
  await description.fill('Derivatives daily');

  await create.getByRole('button', { name: 'Create Study Group' }).click();
  const refusal = 'Group names can be at most 100 characters (this one has 101).';
  await expect(create.getByText(refusal)).toBeVisible();
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(create).toBeVisible();
  await snap(page, 'group-names-refused');

  // The description the same way.
  await name.fill('Calc crew');
  const longDescription = 'd'.repeat(1001);
  await description.fill(longDescription);
  await expect(description).toHaveValue(longDescription);
  await expect(create.getByText('1,001/1,000', { exact: false })).toHaveCSS('color', ERROR_RED);
  await create.getByRole('button', { name: 'Create Study Group' }).click();
  await expect(create.getByText('Descriptions can be at most 1,000 characters (this one has 1,001).')).toBeVisible();
  await expect(description).toBeFocused();
  expect(sent, 'nothing is sent while a field is too long').toEqual([]);

  // The server refuses the same name with the same words, on the same field.
  const { token } = (await (await page.request.get('/api/get-token/')).json()) as { token: string };
  const answer = await page.request.post('/api/insert-study-group/', {
    headers: { 'X-CSRFToken': token },
    data: { courseID: courseId, name: tooLong, description: 'Derivatives daily' },
  });
  expect(answer.status()).toBe(400);
  expect(await answer.json()).toMatchObject({ error: 'VALIDATION_FAILED', message: refusal, field: 'name' });

  // Exactly 100 is fine.
  await name.fill(LONGEST_NAME);
  await expect(create.getByText('100/100', { exact: true })).toBeVisible();
  await description.fill('Derivatives daily');
  await create.getByRole('button', { name: 'Create Study Group' }).click();
  await expect(create).toBeHidden();
  expect(sent).toHaveLength(1);
});

test('long names wrap inside their column on the group page, in the groups list and in the modals, words whole where they fit', async ({
  page,
}) => {
  await signUpViaApi(page, 'Wren', 'Gator', '/search-courses');
  const { id: courseId } = await joinCourseViaApi(page, COURSES.wrapping);
  const { id: groupId } = await apiPost<{ id: number }>(page, '/api/insert-study-group/', {
    courseID: courseId,
    name: LONGEST_NAME,
    description: `A description that is one long word too: ${'y'.repeat(300)}`,
  });
  const { id: wordyId } = await apiPost<{ id: number }>(page, '/api/insert-study-group/', {
    courseID: courseId,
    name: WORDY_NAME,
    description: 'Long words, short nights',
  });

  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    const where = `at ${size.width} px`;

    await page.goto(`/study-group/${wordyId}`);
    const wordyHeading = page.getByRole('heading', { level: 1, name: WORDY_NAME });
    await expect(wordyHeading).toBeVisible();
    await expectWordsWhole(wordyHeading, page.getByRole('region', { name: WORDY_NAME }), `the group page's name ${where}`);
    await snap(page, `group-names-wordy-page-${size.width}`);

    await page.goto(`/study-group/${groupId}`);
    const heading = page.getByRole('heading', { level: 1, name: LONGEST_NAME });
    const column = page.getByRole('region', { name: LONGEST_NAME });
    await expect(heading).toBeVisible();
    await expectInside(heading, column, `the group page's name ${where}`);
    // On a phone the description sits behind "Group details".
    const details = page.getByRole('button', { name: 'Group details' });
    if ((await details.count()) && (await details.getAttribute('aria-expanded')) === 'false') await details.click();
    await expectInside(column.getByText(/^A description/), column, `the group page's description ${where}`);
    await expectNoHorizontalOverflow(page, `the group page ${where}`);
    await snap(page, `group-names-page-${size.width}`);

    await page.getByRole('button', { name: 'Edit group' }).click();
    const edit = page.getByRole('dialog', { name: 'Update Group' });
    await expect(edit.getByLabel('Name')).toHaveValue(LONGEST_NAME);
    await expect(edit.getByText('100/100', { exact: true })).toBeVisible();
    await expectNoHorizontalOverflow(page, `the Update Group modal ${where}`);
    await page.keyboard.press('Escape');

    await page.goto(`/course/${courseId}`);
    // On a phone the Groups panel sits behind its tab.
    await page.getByRole('textbox', { name: 'Message' }).waitFor();
    const groupsTab = page.getByRole('tab', { name: 'Groups' });
    if (await groupsTab.count()) await groupsTab.click();
    const groups = page.getByRole('region', { name: 'Groups' });
    const groupButton = groups.getByRole('button', { name: new RegExp(LONGEST_NAME) });
    await expectInside(groupButton, groups, `the groups list ${where}`);
    const wordyButton = groups.getByRole('button', { name: new RegExp(WORDY_NAME) });
    await expectWordsWhole(wordyButton, wordyButton, `the groups list ${where}`);
    await expectNoHorizontalOverflow(page, `the course page ${where}`);
    await snap(page, `group-names-course-${size.width}`);
    await groupButton.click();
    const modal = page.getByRole('dialog', { name: LONGEST_NAME });
    await expectInside(modal.getByRole('heading', { name: LONGEST_NAME }), modal, `the group modal's title ${where}`);
    await expectNoHorizontalOverflow(page, `the group modal ${where}`);
    await snap(page, `group-names-modal-${size.width}`);
    await page.keyboard.press('Escape');
    await wordyButton.click();
    const wordyModal = page.getByRole('dialog', { name: WORDY_NAME });
    const wordyTitle = wordyModal.getByRole('heading', { name: WORDY_NAME });
    await expectWordsWhole(wordyTitle, wordyTitle, `the group modal's title ${where}`);
    await page.keyboard.press('Escape');
  }
});
