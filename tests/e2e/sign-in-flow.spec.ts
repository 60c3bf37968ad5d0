// The sign-in flow: the sign-up page's top error is brought into view and announced,
// and a protected link opened while signed out leads, through Log In or Create
// Account, back to the page asked for (and never to another site).
import { expect, test, type Browser, type Page, type Request } from '@playwright/test';
import { fillSignUpForm, joinCourseViaApi, SCREEN_SIZES, signUpViaApi, type E2eStudent } from './e2e-support';

const PASSWORD = 'chomp-chomp-42'; // signUpViaApi's

/** A student with an account, made in a context of its own so `page` stays signed out. */
async function existingStudent(browser: Browser): Promise<E2eStudent> {
  const context = await browser.newContext();
  try {
    return await signUpViaApi(await context.newPage(), 'Lena', 'Gator');
  } finally {
    await context.close();
  }
}

async function logIn(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
}

const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
};

for (const size of SCREEN_SIZES) {
  test(`at ${size.width} px the sign-up page's top error is brought into view and focused`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.route('**/api/signup/', (route) =>
      route.fulfill({ status: 500, json: { error: 'INTERNAL', message: 'Something went wrong' } }),
    );
    await page.goto('/sign-up');
    await fillSignUpForm(page, 'top_error');
    await page.getByRole('button', { name: 'Create Account' }).click();

    const topError = page.getByRole('alert').filter({ hasText: 'Please try again.' });
    await expect(topError).toBeInViewport({ ratio: 1 });
    await expect(topError).toBeFocused();
  });

  test(`at ${size.width} px a server's field error is focused and in view`, async ({ page, browser }) => {
    const taken = await existingStudent(browser);
    await page.setViewportSize(size);
    await page.goto('/sign-up');
    await fillSignUpForm(page, 'taken_email');
    await page.getByLabel('Email Address').fill(`${taken.username}@ufl.edu`);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByText('Email Address is already registered!')).toBeInViewport({ ratio: 1 });
    await expect(page.getByLabel('Email Address')).toBeFocused();
    await expect(page.getByLabel('Email Address')).toBeInViewport({ ratio: 1 });
  });
}

test('a protected link opened while signed out comes back after logging in, also after reloading Log In', async ({ page, browser }) => {
  const student = await existingStudent(browser);
  const asked = '/search-courses?code=COP3502C&term=Fall%202025#results';
  await page.goto(asked);
  await expect.poll(() => path(page)).toBe(`/log-in?next=${encodeURIComponent(asked)}`);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await logIn(page, student.username);
  await expect.poll(() => path(page)).toBe(asked);
  await expect(page.getByLabel('Course Code')).toHaveValue('COP3502C');
});

test('a protected link comes back after going from Log In to Create Account (and back and forth)', async ({ page }) => {
  await page.goto('/study-group/12');
  await expect.poll(() => path(page)).toBe('/log-in?next=%2Fstudy-group%2F12');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect.poll(() => path(page)).toBe('/sign-up?next=%2Fstudy-group%2F12');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect.poll(() => path(page)).toBe('/log-in?next=%2Fstudy-group%2F12');
  await page.getByRole('link', { name: 'Create an account' }).click();

  await fillSignUpForm(page, 'round_trip');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect.poll(() => path(page)).toBe('/study-group/12');
});

test('a next address that leaves the site, or is not a plain path, leads home', async ({ page, browser }) => {
  const student = await existingStudent(browser);
  const hostile = [
    '//evil.example',
    'https://evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'evil.example/path',
  ];
  for (const next of hostile) {
    await page.context().clearCookies();
    await page.goto(`/log-in?next=${encodeURIComponent(next)}`);
    await logIn(page, student.username);
    await expect.poll(() => path(page), `next=${next}`).toBe('/');
  }
});

test('/dashboard is the dashboard: through Log In for a visitor, straight there when signed in, with the course chosen kept', async ({
  page,
  browser,
}) => {
  const student = await existingStudent(browser);
  await page.goto('/dashboard');
  await expect.poll(() => path(page)).toBe('/log-in?next=%2Fdashboard');
  await logIn(page, student.username);
  await expect.poll(() => path(page)).toBe('/');
  await expect(page.getByText('You have no courses.')).toBeVisible();

  // Signed in: the server answers the address with the app, which shows the dashboard at /, the query kept.
  await page.goto('/dashboard?course=none');
  await expect.poll(() => path(page)).toBe('/?course=none');
  await expect(page.getByText('You have no courses.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  // It replaced itself: Back leaves the dashboard rather than come back to /dashboard.
  await page.goBack();
  await expect.poll(() => path(page)).toBe('/');
});

test('signed in, the dashboard asks for its courses beside the session check, once; a visitor’s landing does not', async ({
  page,
  browser,
}) => {
  await signUpViaApi(page, 'Early', 'Bird', '/');
  await joinCourseViaApi(page, 'SPN1130');
  // A new tab of the same browser (its cookies, and the hint that its student was signed in), watched from its first request.
  page = await page.context().newPage();
  const calls: string[] = [];
  const record = (what: string) => (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(`${what} ${pathname}`);
  };
  page.on('request', record('asked'));
  page.on('requestfinished', record('answered'));
  // The session check held back a moment: the courses are asked for meanwhile, not after it.
  await page.route('**/api/is-authenticated/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: /SPN1130/ }).first()).toBeVisible();
  expect(calls.indexOf('asked /api/dashboard/'), calls.join(', ')).toBeGreaterThanOrEqual(0);
  expect(calls.indexOf('asked /api/dashboard/'), calls.join(', ')).toBeLessThan(calls.indexOf('answered /api/is-authenticated/'));
  expect(calls.filter((call) => call === 'asked /api/dashboard/')).toHaveLength(1);

  const visitor = await (await browser.newContext()).newPage();
  const asked: string[] = [];
  visitor.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await visitor.goto('/');
  await expect(visitor.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  expect(asked).not.toContain('/api/dashboard/');
  await visitor.context().close();
});
