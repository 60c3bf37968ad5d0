// One community per course, whatever the section: two students in different
// sections of MAC1105 (tests/e2e/e2e-catalog.ts) are classmates. Each sees the
// other in Students, their section on the profile card; a message of one
// reaches the other live; a group one starts, the other joins. Leaving one of
// two sections is done at once; leaving the last one leaves the course, so it
// is asked first, and the student is gone from the course after.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { BIG_COURSE, classNumberOf, sectionOf } from './e2e-catalog';
import { searchCatalog, signUpViaApi, snap, type E2eStudent } from './e2e-support';

interface Classmate {
  page: Page;
  student: E2eStudent;
}

async function classmate(browser: Browser, firstName: string, lastName: string): Promise<Classmate> {
  const page = await (await browser.newContext()).newPage();
  const student = await signUpViaApi(page, firstName, lastName, '/search-courses');
  return { page, student };
}

// Three sections: Tu/Th at 5:10 PM, Mo/We/Fr at 11:45 AM, and Tu/Th at 1:55 PM (e2e-catalog.ts's patterns).
const ANA_SECTION = 3;
const ANA_LINE = `Section ${sectionOf(ANA_SECTION)}, Tu/Th 5:10 PM`;
const BEN_SECTION = 5;
const BEN_LINE = `Section ${sectionOf(BEN_SECTION)}, Mo/We/Fr 11:45 AM`;
const ANA_SECOND_SECTION = 6;
const ANA_SECOND_LINE = `Section ${sectionOf(ANA_SECOND_SECTION)}, Tu/Th 1:55 PM`;

// Its Fall 2025 card: the shipped snapshot lists the course in other terms too (course-level records, without sections).
const bigCard = (page: Page) =>
  page
    .getByRole('article')
    .filter({ has: page.getByText(BIG_COURSE.code, { exact: true }) })
    .filter({ hasText: BIG_COURSE.term });
const toggleOf = (page: Page, verb: 'Join' | 'Leave', index: number) =>
  bigCard(page).getByRole('button', { name: `${verb} section ${sectionOf(index)} of ${BIG_COURSE.code}`, exact: true });
const students = (page: Page) => page.getByRole('region', { name: 'Students' });
const personButton = (page: Page, { firstName, lastName }: E2eStudent) =>
  students(page).getByRole('button', { name: new RegExp(`${firstName} ${lastName}$`) });
const chat = (page: Page) => page.getByRole('region', { name: 'Course Chat' });
const joined = (page: Page) => page.waitForResponse((response) => response.url().endsWith('/api/insert-course-member/') && response.ok());
const left = (page: Page) => page.waitForResponse((response) => response.url().endsWith('/api/delete-course-member/') && response.ok());

/** Joins one section of the big course from its search card, found by its class number. */
async function joinSection(page: Page, index: number): Promise<void> {
  await page.goto('/search-courses');
  await searchCatalog(page, String(classNumberOf(index)));
  // The card flips before the server answers; leaving the page must wait for the answer, or it cancels the call.
  const answered = joined(page);
  await toggleOf(page, 'Join', index).click();
  await expect(toggleOf(page, 'Leave', index)).toBeVisible();
  await answered;
}

/** Opens a classmate's profile card from Students and answers its sections, one line each. */
async function sectionsOnCard(page: Page, of: E2eStudent) {
  await personButton(page, of).click();
  return page.getByRole('dialog', { name: `${of.firstName} ${of.lastName}` }).getByRole('list', { name: 'Sections' });
}

test('students of different sections share the course: Students with their sections, live chat, a group; leaving the last section asks first', async ({
  browser,
}) => {
  const ana = await classmate(browser, 'Ana', 'Sections');
  const ben = await classmate(browser, 'Ben', 'Sections');
  try {
    await joinSection(ana.page, ANA_SECTION);
    await joinSection(ben.page, BEN_SECTION);

    // Each card's way in is the course's page, the same for both; its header names the student's own section.
    await bigCard(ana.page).getByRole('link', { name: 'View Course' }).click();
    await expect(ana.page).toHaveURL(/\/course\/\d+$/);
    const coursePath = new URL(ana.page.url()).pathname;
    await bigCard(ben.page).getByRole('link', { name: 'View Course' }).click();
    await expect(ben.page).toHaveURL(new RegExp(`${coursePath}$`));
    for (const [{ page }, line] of [
      [ana, ANA_LINE],
      [ben, BEN_LINE],
    ] as const) {
      await expect(page.getByRole('heading', { level: 1, name: BIG_COURSE.name })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Your sections' })).toHaveText(line);
    }

    // Classmates whichever the section: each in the other's Students, their section on the profile card.
    await expect(await sectionsOnCard(ana.page, ben.student)).toHaveText(BEN_LINE);
    await snap(ana.page, 'community-01-classmate-card');
    await ana.page.keyboard.press('Escape');
    await expect(await sectionsOnCard(ben.page, ana.student)).toHaveText(ANA_LINE);
    await ben.page.keyboard.press('Escape');

    // One chat: Ana's message reaches Ben's open page.
    const message = `Problem set 3 at the library? (${test.info().project.name})`;
    await chat(ana.page).getByRole('textbox', { name: 'Message' }).fill(message);
    await chat(ana.page).getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(chat(ben.page).getByRole('listitem').filter({ hasText: message })).toBeVisible();
    await snap(ben.page, 'community-02-live-message');

    // One set of groups: Ana starts one, Ben joins it.
    const groupName = 'Algebra across sections';
    await ana.page.getByRole('region', { name: 'Groups' }).getByRole('button', { name: 'Create a study group' }).click();
    const create = ana.page.getByRole('dialog', { name: 'Create a Study Group' });
    await create.getByLabel('Study Group Name').fill(groupName);
    await create.getByLabel('Study Group Description').fill('Both sections, Thursdays');
    await create.getByRole('button', { name: 'Create Study Group' }).click();
    await expect(create).toBeHidden();
    await ben.page.reload();
    const bensGroups = ben.page.getByRole('region', { name: 'Groups' });
    await bensGroups.getByRole('button', { name: new RegExp(groupName) }).click();
    const groupModal = ben.page.getByRole('dialog', { name: groupName });
    await groupModal.getByRole('button', { name: 'Join Group' }).click();
    await expect(groupModal.getByRole('link', { name: 'View Group' })).toBeVisible();
    await expect(bensGroups.getByRole('button', { name: new RegExp(groupName) })).toContainText('2 members');
    await ben.page.keyboard.press('Escape');

    // Ana in two sections: leaving one is done at once, the course stays hers with the other.
    await joinSection(ana.page, ANA_SECOND_SECTION);
    await searchCatalog(ana.page, BIG_COURSE.code);
    const leftOne = left(ana.page);
    await toggleOf(ana.page, 'Leave', ANA_SECTION).click();
    await expect(ana.page.getByRole('dialog')).toHaveCount(0);
    await expect(toggleOf(ana.page, 'Join', ANA_SECTION)).toBeVisible();
    await leftOne;
    await ana.page.goto(coursePath);
    await expect(ana.page.getByRole('list', { name: 'Your sections' })).toHaveText(ANA_SECOND_LINE);

    // Ben's only section: leaving it leaves the course, so it is asked first; Cancel keeps everything.
    await ben.page.goto('/search-courses');
    await searchCatalog(ben.page, String(classNumberOf(BEN_SECTION)));
    await toggleOf(ben.page, 'Leave', BEN_SECTION).click();
    const confirm = ben.page.getByRole('dialog', { name: `Leave section ${sectionOf(BEN_SECTION)}?` });
    await expect(confirm).toContainText(
      `Leaving section ${sectionOf(BEN_SECTION)} leaves ${BIG_COURSE.code}: its chat, students and your study groups there.`,
    );
    await snap(ben.page, 'community-03-leave-last-section');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(toggleOf(ben.page, 'Leave', BEN_SECTION)).toBeFocused();
    const leftLast = left(ben.page);
    await toggleOf(ben.page, 'Leave', BEN_SECTION).click();
    await confirm.getByRole('button', { name: 'Leave', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(toggleOf(ben.page, 'Join', BEN_SECTION)).toBeVisible();
    await leftLast;

    // Out of the course: not on Ben's dashboard, not among Ana's classmates, not in the group.
    await ben.page.goto('/');
    await expect(ben.page.getByText('You have no courses.')).toBeVisible();
    await ana.page.reload();
    await expect(personButton(ana.page, ana.student)).toBeVisible();
    await expect(personButton(ana.page, ben.student)).toHaveCount(0);
    await expect(ana.page.getByRole('region', { name: 'Groups' }).getByRole('button', { name: new RegExp(groupName) })).toContainText(
      '1 member',
    );
  } finally {
    for (const { page } of [ana, ben]) await page.context().close();
  }
});
