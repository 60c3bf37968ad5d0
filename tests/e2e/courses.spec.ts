// A student finds COP3502C in the catalog, joins a section of it, sees the
// course on the dashboard with that section, opens its course page and leaves
// (asked first); the pager clamps a typed page number.
import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, signUpViaApi, snap } from './e2e-support';

test('search "cop3502", join, see it on the dashboard, open the course page, leave', async ({ page }) => {
  const student = await signUpViaApi(page, 'Casey', 'Gator', '/');
  await expect(page.getByText('You have no courses.')).toBeVisible();
  await expect(page.getByText('Click the plus button in the courses section to add a course.')).toBeVisible();

  await page.getByRole('link', { name: 'Add a course' }).click();
  await expect(page).toHaveURL(/\/search-courses/);
  // The term select lists the catalog's terms, newest first, after its placeholder.
  // (They come with the first answer, so wait for it rather than read the select before it lands.)
  const termOptions = page.getByLabel('Course Term').locator('option');
  await expect
    .poll(async () => (await termOptions.allTextContents()).slice(0, 4))
    .toEqual(['Select Course Term', 'Fall 2025', 'Summer 2025', 'Spring 2025']);

  await page.getByLabel('Course Code').fill('cop3502');
  await page.getByRole('button', { name: 'Search Courses' }).click();
  await expect(page).toHaveURL(/code=cop3502/);
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  // The first page of the catalog stays on screen until the filtered answer replaces it.
  await expect(cards.filter({ hasNot: page.getByText('COP3502C', { exact: true }) })).toHaveCount(0);
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    await expect(cards.nth(i).getByRole('listitem').first()).toHaveText('COP3502C');
  }

  // A card is a course (the catalog may list one without its sections); each section of it is a row with its own Join.
  const card = cards.filter({ has: page.getByRole('list', { name: /^Sections of COP3502C/ }) }).first();
  const section = card
    .getByRole('list', { name: /^Sections of COP3502C/ })
    .getByRole('listitem')
    .first();
  const join = section.getByRole('button', { name: /^Join section \S+ of COP3502C$/ });
  const sectionNumber = /^Join section (\S+) of/.exec((await join.getAttribute('aria-label')) ?? '')?.[1] ?? '';
  expect(sectionNumber).not.toBe('');
  // The card flips before the server answers; the reload below must wait for the answer, or it cancels the call.
  const joined = page.waitForResponse((response) => response.url().endsWith('/api/insert-course-member/') && response.ok());
  // Its name says which section of which course it joins, not only "Join".
  await join.click();
  await expect(section.getByRole('button', { name: `Leave section ${sectionNumber} of COP3502C`, exact: true })).toBeVisible();
  await joined;
  await snap(page, 'courses-01-search-joined');

  // A reload reads the membership back from the server, with the search kept in the URL.
  await page.reload();
  await expect(page.getByLabel('Course Code')).toHaveValue('cop3502');
  const mine = cards.filter({ has: page.getByRole('button', { name: `Leave section ${sectionNumber} of COP3502C`, exact: true }) });
  await expect(mine).toHaveCount(1);

  // The dashboard lists it and selects it on load.
  await page
    .getByRole('link', { name: /Study Swamp/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/\?course=\d+$/);
  const list = page.getByRole('region', { name: 'Courses' });
  await expect(list.getByRole('button', { name: /COP3502C Programming Fundamentals 1/ })).toHaveAttribute('aria-pressed', 'true');
  const view = page.getByRole('region', { name: 'Selected course' });
  await expect(view.getByRole('heading', { name: 'Programming Fundamentals 1' })).toBeVisible();
  // The header names the student's section of the course.
  await expect(view.getByRole('list', { name: 'Your sections' }).getByRole('listitem')).toHaveText([
    new RegExp(`^Section ${sectionNumber}, `),
  ]);
  await expect(view.getByRole('heading', { name: 'Students' })).toBeVisible();
  await expect(view.getByRole('button', { name: `${student.firstName} ${student.lastName}` })).toBeVisible();
  await snap(page, 'courses-02-dashboard');

  // The back button returns to the selection prompt.
  await view.getByRole('button', { name: 'Back to courses' }).click();
  await expect(page.getByText('Select one of your courses!')).toBeVisible();

  // The course page, reached from the search card's link, reuses the course view.
  await page.goto('/search-courses?code=cop3502&page=1');
  await mine.getByRole('link', { name: 'View Course' }).click();
  await expect(page).toHaveURL(/\/course\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Programming Fundamentals 1' })).toBeVisible();
  // The student's own initials in Students (the user menu's button names them too).
  const classmate = page
    .getByRole('region', { name: 'Students' })
    .getByRole('button', { name: `${student.firstName} ${student.lastName}` });
  await classmate.click();
  const profile = page.getByRole('dialog');
  await expect(profile.getByText('Computer Science')).toBeVisible();
  await expect(profile.getByText('Sophomore')).toBeVisible();
  await expect(profile.getByText(`${student.firstName} studies here.`)).toBeVisible();
  await expect(profile.getByRole('list', { name: 'Sections' })).toContainText(`Section ${sectionNumber}, `);
  await snap(page, 'courses-03-course-page');
  await page.keyboard.press('Escape');
  await expect(profile).toBeHidden();

  // Leaving from the course page asks first (Cancel keeps the course), then offers Join course and hides the students.
  const leave = page.getByRole('button', { name: 'Leave course COP3502C', exact: true });
  const confirm = page.getByRole('dialog', { name: 'Leave COP3502C?' });
  await leave.click();
  await expect(confirm).toContainText('You leave its chat, its students and your study groups there, and your sections of it.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Students' })).toBeVisible();
  await leave.click();
  await confirm.getByRole('button', { name: 'Leave course' }).click();
  await expect(page.getByRole('button', { name: 'Join course COP3502C', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Students' })).toBeHidden();
  // Joined from its page, the course has no section of the student's: the header says so and links to its sections.
  await page.getByRole('button', { name: 'Join course COP3502C', exact: true }).click();
  await expect(leave).toBeVisible();
  await expect(page.getByText('You joined this course without a section.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add your section' })).toHaveAttribute('href', /\/search-courses\?q=COP3502C&/);

  // Leaving from the dashboard removes the course and returns to the selection.
  await page.goto('/');
  await page.getByRole('region', { name: 'Selected course' }).getByRole('button', { name: 'Leave course COP3502C', exact: true }).click();
  await page.getByRole('dialog', { name: 'Leave COP3502C?' }).getByRole('button', { name: 'Leave course' }).click();
  await expect(page.getByText('You have no courses.')).toBeVisible();
  await expect(list.getByRole('button', { name: /COP3502C/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('You have no courses.')).toBeVisible();
});

test('a page number typed past the last page clamps to it on blur', async ({ page }) => {
  await signUpViaApi(page, 'Pat', 'Gator', '/search-courses');
  const pageNumber = page.getByLabel('Page number');
  await expect(pageNumber).toHaveValue('1');
  const pageCount = page.getByRole('navigation', { name: 'Pagination' }).getByText(/^of \d+$/);
  const lastPage = Number(((await pageCount.textContent()) ?? '').replace(/\D/g, ''));
  expect(lastPage).toBeGreaterThan(1);

  await pageNumber.fill('9999');
  await pageNumber.blur();
  await expect(pageNumber).toHaveValue(String(lastPage));
  await expect(page).toHaveURL(new RegExp(`page=${lastPage}$`));
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expect(page.getByText(`page ${lastPage} of ${lastPage}`)).toBeVisible();

  // Zero clamps to the first page; the arrows step one page.
  await pageNumber.fill('0');
  await pageNumber.blur();
  await expect(pageNumber).toHaveValue('1');
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(pageNumber).toHaveValue('2');
  await page.goBack();
  await expect(pageNumber).toHaveValue('1');

  // A search with no match says so.
  await page.getByLabel('Course Name').fill('underwater basket weaving');
  await page.getByRole('button', { name: 'Search Courses' }).click();
  await expect(page.getByText('No courses match your search criteria. Please try again.')).toBeVisible();
});

test('the search page and dashboard fit a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpViaApi(page, 'Robin', 'Gator', '/search-courses');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoHorizontalOverflow(page, '/search-courses');
  await snap(page, 'courses-04-phone-search');
  // The card flips before the server answers; a full page load must wait for the answer, or it cancels the call.
  const joined = page.waitForResponse((response) => response.url().endsWith('/api/insert-course-member/') && response.ok());
  // The first card that lists sections (a course may be listed without them).
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('list', { name: /^Sections of / }) })
    .first();
  await card
    .getByRole('button', { name: /^Join (section|class) \S+ of / })
    .first()
    .click();
  await expect(card.getByRole('button', { name: /^Leave (section|class) \S+ of / })).toBeVisible();
  await joined;
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Leave course / })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your sections' })).toBeVisible();
  await expectNoHorizontalOverflow(page, '/');
  await snap(page, 'courses-05-phone-dashboard');
});

test('on a phone a search scrolls to its results and moves focus there; on a desktop with the results in view, focus stays in the form', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpViaApi(page, 'Paz', 'Phone', '/search-courses');
  await expect(page.getByRole('article').first()).toBeVisible();
  const results = page.getByRole('heading', { name: 'Results' });
  // Below the filters and Add my classes, out of sight.
  await expect(results).not.toBeInViewport();
  // From the keyboard, as on a phone: Enter in the search box. Focus leaves the box (a phone's keyboard goes away) for the results.
  const box = page.getByLabel('Search', { exact: true });
  await box.fill('calculus');
  await box.press('Enter');
  await expect(page).toHaveURL(/q=calculus/);
  await expect(results).toBeFocused();
  await expect(results).toBeInViewport();
  await expect(page.getByRole('article').first()).toContainText(/calculus/i);
  await expect(page.getByRole('article').first()).toBeInViewport();

  // On a desktop the results are in view beside the form: a search leaves the view and focus where they are.
  // (Tall enough that the heading and the count show under the form, the catalog line and Add my classes.)
  await page.setViewportSize({ width: 1280, height: 1200 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(results).toBeInViewport();
  expect((await results.boundingBox())!.y).toBeLessThan(1200 - 120);
  await box.fill('physics');
  await box.press('Enter');
  await expect(page).toHaveURL(/q=physics/);
  await expect(page.getByRole('article').first()).toContainText(/physics/i);
  await expect(box).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
