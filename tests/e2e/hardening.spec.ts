// What hardening looks like from the browser: the built client runs under the
// server's Content-Security-Policy with no violation, and a member removed
// while their group page is open is told so, and the page stops polling.
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, snap } from './e2e-support';

async function api(page: Page) {
  const { token } = (await (await page.request.get('/api/get-token/')).json()) as { token: string };
  const headers = { 'X-CSRFToken': token };
  return {
    post: async (path: string, data: Record<string, unknown>) => {
      const res = await page.request.post(path, { headers, data });
      expect(res.ok(), `${path} through the API`).toBe(true);
      return res.json();
    },
  };
}

/** Records Content-Security-Policy violations the page reports (listened for before any page script runs). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

test('every screen runs under the Content-Security-Policy without a violation', async ({ page }) => {
  const violations = await watchCsp(page);
  const seen: string[] = [];
  const visit = async (path: string, ready: () => Promise<void>) => {
    await page.goto(path);
    await ready();
    seen.push(...(await violations()));
  };
  await visit('/', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible());
  await visit('/log-in', () => expect(page.getByLabel('Username')).toBeVisible());
  await visit('/sign-up', () => expect(page.getByLabel('First Name')).toBeVisible());
  const csp = (await page.request.get('/')).headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");

  await signUpViaApi(page, 'Cora', 'Policy', '/search-courses');
  const client = await api(page);
  const found = await client.post('/api/filter-courses/', { courseCode: 'COP3502C' });
  const courseId = found.courses[0].id as number;
  await client.post('/api/insert-course-member/', { courseID: courseId });
  const group = await client.post('/api/insert-study-group/', { courseID: courseId, name: 'CSP crew', description: 'Headers' });

  await visit('/', () => expect(page.getByRole('region', { name: 'Course Chat' })).toBeVisible());
  await page.getByRole('button', { name: /user menu/ }).click();
  seen.push(...(await violations()));
  await visit('/search-courses', () => expect(page.getByRole('button', { name: 'Search Courses' })).toBeVisible());
  await visit(`/course/${courseId}`, () => expect(page.getByRole('region', { name: 'Course Chat' })).toBeVisible());
  await visit(`/study-group/${group.id}`, () => expect(page.getByRole('region', { name: 'Group Chat' })).toBeVisible());
  expect(seen).toEqual([]);
});

test('a member removed while the group page is open is told so, and the page stops polling', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const memberContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const memberPage = await memberContext.newPage();
  // The member page's timers run on a clock the test can move, so poll intervals pass without a real wait.
  await memberPage.clock.install();
  try {
    await signUpViaApi(ownerPage, 'Rhea', 'Owner', '/search-courses');
    const owner = await api(ownerPage);
    const courseId = (await owner.post('/api/filter-courses/', { courseCode: 'COP3502C' })).courses[0].id as number;
    await owner.post('/api/insert-course-member/', { courseID: courseId });
    const group = await owner.post('/api/insert-study-group/', { courseID: courseId, name: 'Removal test', description: 'Polling stops' });

    const member = await signUpViaApi(memberPage, 'Milo', 'Member', '/search-courses');
    const memberApi = await api(memberPage);
    await memberApi.post('/api/insert-course-member/', { courseID: courseId });
    await memberApi.post('/api/insert-study-group-member/', { studyGroupID: group.id });

    const errors: string[] = [];
    memberPage.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await memberPage.goto(`/study-group/${group.id}`);
    await expect(memberPage.getByRole('region', { name: 'Group Chat' })).toBeVisible();

    await owner.post('/api/delete-study-group-member/', { studyGroupID: group.id, userID: member.id });

    // No reload: the next poll's 403 brings the notice, with a way home.
    await expect(memberPage.getByRole('heading', { name: 'You are no longer a member of this group' })).toBeVisible({ timeout: 5_000 });
    await expect(memberPage.getByRole('link', { name: 'Back to your dashboard' })).toBeVisible();
    await snap(memberPage, 'hardening-removed-notice');

    // And it stops asking: no chat poll in the next three seconds.
    let polls = 0;
    memberPage.on('request', (request) => {
      if (request.url().includes('/api/select-study-group-messages/')) polls += 1;
    });
    await memberPage.clock.runFor(3_000);
    expect(polls).toBe(0);
    expect(errors.length).toBeLessThanOrEqual(2);

    await memberPage.getByRole('link', { name: 'Back to your dashboard' }).click();
    // The dashboard puts its selected course in the URL.
    await expect(memberPage).toHaveURL(/\/\?course=\d+$/);
  } finally {
    await ownerContext.close();
    await memberContext.close();
  }
});
