// The real catalog as a student uses it (the Fall 2025 sections of
// ../shared/data/uf-soc, synced by serve.ts from a replay of UF's API):
// search by instructor, class number and code, a course card with several
// sections each with Join / Leave, Add my classes with a mix of numbers, and
// the course header's instructor and the student's sections with their times;
// on a desktop and at 360 px.
import { expect, test, type Page } from '@playwright/test';
import { missingUfSocData } from '@tests/support/uf-soc-data';
import { expectNoHorizontalOverflow, searchCatalog, signUpViaApi, snap } from './e2e-support';

const missing = missingUfSocData('2258');
test.skip(Boolean(missing), missing ?? '');

const card = (page: Page, code: string) => page.getByRole('article').filter({ has: page.getByText(code, { exact: true }) });
const sectionRow = (page: Page, classNumber: number) =>
  page
    .getByRole('list', { name: /^Sections of/ })
    .getByRole('listitem')
    .filter({ hasText: `#${classNumber}` });

test('find real Fall 2025 sections by instructor, class number and code, join them one by one and by class number, see times and places', async ({
  page,
}) => {
  await signUpViaApi(page, 'Alex', 'Gator', '/search-courses');

  // By instructor: one card, its one section with instructor, days, times and room.
  await searchCatalog(page, 'Bonnie Dorr');
  await expect(page.getByRole('article')).toHaveCount(1);
  const nlp = card(page, 'CAI6307');
  await expect(nlp.getByRole('heading', { name: 'Natural Language Processing' })).toBeVisible();
  const dorr = sectionRow(page, 26564);
  await expect(dorr).toContainText('Bonnie Dorr');
  await expect(dorr).toContainText('T 4:05 PM-7:05 PM, LIT 101');

  // By class number.
  await searchCatalog(page, '26553');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'CAP5771')).toBeVisible();
  await expect(sectionRow(page, 26553)).toContainText('Zhe Jiang');

  // By code, any spelling: one card for the course with several sections, each with its own Join; online ones say so.
  await searchCatalog(page, 'eee 5320');
  const online = card(page, 'EEE5320');
  await expect(page.getByRole('article').first()).toHaveText(/EEE5320/);
  const rows = online.getByRole('list', { name: /^Sections of EEE5320/ }).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect(online.getByRole('button', { name: /^Join section \S+ of EEE5320$/ })).toHaveCount(4);
  await expect(sectionRow(page, 11229)).toContainText('Online');
  const joined = page.waitForResponse((response) => response.url().endsWith('/api/insert-course-member/') && response.ok());
  await sectionRow(page, 11230)
    .getByRole('button', { name: /^Join section \S+ of EEE5320$/ })
    .click();
  await expect(sectionRow(page, 11230).getByRole('button', { name: /^Leave section \S+ of EEE5320$/ })).toBeVisible();
  await joined;
  await expect(online.getByRole('button', { name: /^Join section \S+ of EEE5320$/ })).toHaveCount(3);
  // The card's way in opens the course, whichever section.
  await expect(online.getByRole('link', { name: 'View Course' })).toHaveAttribute('href', /^\/course\/\d+$/);
  await snap(page, 'catalog-01-sections');

  // Add my classes: one new, one already joined, one unknown, one repeated and one that is not a number.
  const panel = page.getByRole('region', { name: 'Add my classes' });
  await panel.getByLabel('Term').selectOption('Fall 2025');
  await panel.getByLabel('Class numbers').fill('26564, 11230 99999 26564, abc 10840');
  await panel.getByRole('button', { name: 'Add classes' }).click();
  const results = panel.getByRole('list', { name: 'Added classes' }).getByRole('listitem');
  await expect(results).toHaveText([
    '#26564 Joined CAI6307 Natural Language Processing',
    '#11230 Already in EEE5320 Analog IC Design I',
    '#99999 Not found in Fall 2025',
    '#10840 Joined CIS6905 Individual Study',
    'abc Not a class number',
  ]);
  await snap(page, 'catalog-02-add-my-classes');

  // The dashboard lists the courses; each header shows the instructor and the student's section with its times (or Online).
  await page.goto('/');
  const list = page.getByRole('region', { name: 'Courses' });
  const view = page.getByRole('region', { name: 'Selected course' });
  await list.getByRole('button', { name: /CAI6307 Natural Language Processing/ }).click();
  await expect(view.getByRole('heading', { name: 'Natural Language Processing' })).toBeVisible();
  await expect(view.getByText('Bonnie Dorr')).toBeVisible();
  await expect(view.getByRole('list', { name: 'Your sections' })).toContainText(', Tu 4:05 PM');
  await snap(page, 'catalog-03-dashboard-header');
  await list.getByRole('button', { name: /EEE5320/ }).click();
  await expect(view.getByRole('list', { name: 'Your sections' })).toContainText(', Online');
  // A classroom section UF published no times for says so.
  await list.getByRole('button', { name: /CIS6905 Individual Study/ }).click();
  await expect(view.getByRole('list', { name: 'Your sections' })).toContainText(', times not listed');

  // The course page shows the same.
  await page.goto('/search-courses?q=26564&page=1');
  await page.getByRole('article').first().getByRole('link', { name: 'View Course' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Natural Language Processing' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your sections' })).toContainText(', Tu 4:05 PM');
  await expect(page.getByRole('button', { name: 'Leave course CAI6307', exact: true })).toBeVisible();
});

test('search, sections and Add my classes fit a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpViaApi(page, 'Robin', 'Gator', '/search-courses');
  await searchCatalog(page, 'EEE5320');
  // The results are below the filters and Add my classes: a search brings them into view.
  await expect(page.getByRole('heading', { name: 'Results' })).toBeInViewport();
  await expect(card(page, 'EEE5320').getByRole('button', { name: /^Join section \S+ of EEE5320$/ })).toHaveCount(4);
  await expectNoHorizontalOverflow(page, 'a card with four sections');

  const panel = page.getByRole('region', { name: 'Add my classes' });
  await panel.getByLabel('Class numbers').fill('26553 11229,12');
  await panel.getByRole('button', { name: 'Add classes' }).click();
  await expect(panel.getByRole('list', { name: 'Added classes' }).getByRole('listitem')).toHaveText([
    '#26553 Joined CAP5771 Introduction to Data Science',
    '#11229 Joined EEE5320 Analog IC Design I',
    '#12 Not found in Fall 2025',
  ]);
  await expectNoHorizontalOverflow(page, 'Add my classes with results');
  await snap(page, 'catalog-04-phone');

  await page.goto('/');
  // On a phone the header is compact: the student's sections show, the rest of the details open from "Course details".
  await expect(page.getByRole('list', { name: 'Your sections' })).toBeVisible();
  await page.getByRole('button', { name: 'Course details' }).click();
  await expect(page.getByRole('list', { name: 'Term, credits and instructors' })).toBeVisible();
  await expectNoHorizontalOverflow(page, 'the dashboard with a real section');
  await snap(page, 'catalog-05-phone-dashboard');
});
