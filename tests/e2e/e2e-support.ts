// Shared helpers for the e2e specs: screenshots kept as artifacts, and a
// student signed up through the API (the sign-up form has its own spec).
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { WITHDRAWN_MEMBER, WITHDRAWN_SECTION } from './e2e-catalog';
import { MAIL_PORT_OFFSET } from './mail-port';

const shots = path.resolve(import.meta.dirname, '../.artifacts/screenshots');

export function snap(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: path.join(shots, `${test.info().project.name}-${name}.png`), fullPage: true });
}

/** The two sizes every screen is checked at: a laptop and a small phone. */
export const SCREEN_SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const;

let counter = 0;

export interface E2eStudent {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

/**
 * An address of its own for each student's sign-up or login (the e2e servers
 * trust X-Forwarded-For), so the whole suite stays under the per-address limits.
 */
function clientAddress(): string {
  return `10.${counter % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
}

/**
 * Signs a new student up in this page's browser context (its cookies), opens
 * the verification link the sign-up mailed (as a student settled in has: no
 * banner, and able to join and post whatever EMAIL_VERIFICATION says), then
 * opens `landing`. `{ verified: false }` leaves the address unverified.
 */
export async function signUpViaApi(
  page: Page,
  firstName = 'Casey',
  lastName = 'Gator',
  landing = '/',
  { verified = true } = {},
): Promise<E2eStudent> {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
  const username = `${firstName.toLowerCase()}_${tag}`.slice(0, 30);
  const tokenAnswer = await page.request.get('/api/get-token/');
  const { token } = (await tokenAnswer.json()) as { token: string };
  const answer = await page.request.post('/api/signup/', {
    headers: { 'X-CSRFToken': token, 'X-Forwarded-For': clientAddress() },
    data: {
      firstName,
      lastName,
      username,
      email: `${username}@ufl.edu`,
      password: 'chomp-chomp-42',
      major: 'Computer Science',
      year: '2',
      bio: `${firstName} studies here.`,
    },
  });
  const body = (await answer.json()) as { isAuthenticated: boolean; user: { id: number } };
  expect(body.isAuthenticated, 'sign-up through the API').toBe(true);
  const email = `${username}@ufl.edu`;
  if (verified) {
    const mail = await waitForMail(page, email);
    await apiPost(page, '/api/verify-email/', { token: new URL(mail.link).searchParams.get('token') });
  }
  await page.goto(landing);
  return { id: body.user.id, firstName, lastName, username, email, password: 'chomp-chomp-42' };
}

/** Logs an existing student in, in this session (a page's or a context's cookies). */
export async function logInWithRequest(session: Page | APIRequestContext, username: string, password: string): Promise<void> {
  const request = 'request' in session ? session.request : session;
  const { token } = (await (await request.get('/api/get-token/')).json()) as { token: string };
  const answer = await request.post('/api/login/', {
    headers: { 'X-CSRFToken': token, 'X-Forwarded-For': clientAddress() },
    data: { username, password },
  });
  expect(((await answer.json()) as { isAuthenticated: boolean }).isAuthenticated, `log in as ${username} through the API`).toBe(true);
}

/** The ids of the section UF withdrew (e2e-catalog.ts) and of its course, from the dashboard of the student who had joined it. */
export async function withdrawnSection(browser: Browser): Promise<{ id: number; courseId: number }> {
  const context = await browser.newContext();
  try {
    await logInWithRequest(context.request, WITHDRAWN_MEMBER.username, WITHDRAWN_MEMBER.password);
    const { courses } = (await (await context.request.get('/api/dashboard/')).json()) as {
      courses: { id: number; sections: { id: number; class_number: number }[] }[];
    };
    for (const course of courses) {
      const section = course.sections.find((each) => each.class_number === WITHDRAWN_SECTION);
      if (section) return { id: section.id, courseId: course.id };
    }
    throw new Error(`${WITHDRAWN_MEMBER.username} is not in ${WITHDRAWN_SECTION}: see tests/e2e/e2e-catalog.ts`);
  } finally {
    await context.close();
  }
}

/** Searches the catalog from the search page's one box and waits for the URL to carry the search. */
export async function searchCatalog(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Search Courses' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(text).replace(/%20/g, '\\+')}`));
}

/** Fails when the page is wider than the viewport (a phone would scroll sideways). */
export async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `horizontal overflow on ${where}`).toBeLessThanOrEqual(0);
}

/** A mutating call in a page's or a context's session (its cookies), with the CSRF header; fails the test unless it succeeds. */
export async function apiPost<Answer>(session: Page | APIRequestContext, apiPath: string, data: object): Promise<Answer> {
  const request = 'request' in session ? session.request : session;
  const { token } = (await (await request.get('/api/get-token/')).json()) as { token: string };
  const answer = await request.post(apiPath, { headers: { 'X-CSRFToken': token }, data });
  expect(answer.ok(), `POST ${apiPath}: ${answer.status()}`).toBe(true);
  return (await answer.json()) as Answer;
}

/**
 * Joins the first section listed of the first course `courseCode` finds (the
 * course alone when it lists none) through the API; answers the course's id
 * (its page, chat and groups take it) and name.
 */
export async function joinCourseWithRequest(request: APIRequestContext, courseCode: string): Promise<{ id: number; name: string }> {
  const { courses } = await apiPost<{ courses: { id: number; name: string; sections: { id: number }[] }[] }>(
    request,
    '/api/filter-courses/',
    { courseCode },
  );
  // The first card with sections (the shipped snapshot also lists courses of other terms without them), else the first.
  const course = courses.find((c) => c.sections.length > 0) ?? courses[0];
  await apiPost(request, '/api/insert-course-member/', { courseID: course.sections[0]?.id ?? course.id });
  return { id: course.id, name: course.name };
}

/** joinCourseWithRequest in this page's session: the first card with sections, its first section (or the course alone); answers the course's id and name. */
export function joinCourseViaApi(page: Page, courseCode: string): Promise<{ id: number; name: string }> {
  return joinCourseWithRequest(page.request, courseCode);
}

/** Starts a public study group in a course through the API (the page's student owns it); answers its id. */
export async function createGroupViaApi(page: Page, courseId: number, name: string, description = `${name}, every week`): Promise<number> {
  const created = await apiPost<{ id: number }>(page, '/api/insert-study-group/', { courseID: courseId, name, description });
  return created.id;
}

/** Fills every field of the Create Account form validly, with a fresh username and email made from `name`. */
export async function fillSignUpForm(page: Page, name: string): Promise<{ username: string; password: string }> {
  counter += 1;
  const username = `${name}_${Date.now().toString(36)}${counter}`.slice(0, 30);
  const password = 'chomp-chomp-42';
  await page.getByLabel('First Name').fill('Sam');
  await page.getByLabel('Last Name').fill('Gator');
  await page.getByLabel('Major').fill('Biology');
  await page.getByLabel('Year').selectOption({ label: 'Junior' });
  await page.getByLabel('Email Address').fill(`${username}@ufl.edu`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  return { username, password };
}

export interface CapturedMail {
  subject: string;
  text: string;
  html: string;
  link: string;
}

/** The mails the e2e server's SMTP peer received for this address so far (serve.ts), oldest first. */
async function mailsTo(page: Page, address: string): Promise<CapturedMail[]> {
  const base = new URL(test.info().project.use.baseURL!);
  const answer = await page.request.get(`http://127.0.0.1:${Number(base.port) + MAIL_PORT_OFFSET}/mails?to=${encodeURIComponent(address)}`);
  return (await answer.json()) as CapturedMail[];
}

/** Waits for the `count`-th mail to the address (mail leaves in the background) and answers it. */
export async function waitForMail(page: Page, address: string, count = 1): Promise<CapturedMail> {
  await expect
    .poll(async () => (await mailsTo(page, address)).length, { message: `mail ${count} to ${address}`, timeout: 20_000 })
    .toBeGreaterThanOrEqual(count);
  return (await mailsTo(page, address))[count - 1];
}
