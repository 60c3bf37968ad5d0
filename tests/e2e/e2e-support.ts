// Shared helpers for the e2e specs: screenshots kept as artifacts, and a
// student signed up through the API (the sign-up form has its own spec).
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const shots = path.resolve(import.meta.dirname, '../.artifacts/screenshots');

export function snap(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: path.join(shots, `${test.info().project.name}-${name}.png`), fullPage: true });
}

let counter = 0;

export interface E2eStudent {
  id: number;
  firstName: string;
  lastName: string;
  username: string;
}

/** Signs a new student up in this page's browser context (its cookies), then opens `landing`. */
export async function signUpViaApi(page: Page, firstName = 'Casey', lastName = 'Gator', landing = '/'): Promise<E2eStudent> {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
  const username = `${firstName.toLowerCase()}_${tag}`.slice(0, 30);
  const tokenAnswer = await page.request.get('/api/get-token/');
  const { token } = (await tokenAnswer.json()) as { token: string };
  const answer = await page.request.post('/api/signup/', {
    headers: { 'X-CSRFToken': token },
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
  await page.goto(landing);
  return { id: body.user.id, firstName, lastName, username };
}

/** Fails when the page is wider than the viewport (a phone would scroll sideways). */
export async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `horizontal overflow on ${where}`).toBeLessThanOrEqual(0);
}

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const { token } = (await (await page.request.get('/api/get-token/')).json()) as { token: string };
  return { 'X-CSRFToken': token };
}

/** Joins the first section of `courseCode` through the API, in this page's session; answers its id and name. */
export async function joinCourseViaApi(page: Page, courseCode: string): Promise<{ id: number; name: string }> {
  const headers = await csrfHeaders(page);
  const found = (await (await page.request.post('/api/filter-courses/', { headers, data: { courseCode } })).json()) as {
    courses: { id: number; name: string }[];
  };
  const { id, name } = found.courses[0];
  const joined = await page.request.post('/api/insert-course-member/', { headers, data: { courseID: id } });
  expect(joined.ok(), 'joining the course through the API').toBe(true);
  return { id, name };
}

/** Starts a public study group in a course through the API (the page's student owns it); answers its id. */
export async function createGroupViaApi(page: Page, courseId: number, name: string, description = `${name}, every week`): Promise<number> {
  const created = await page.request.post('/api/insert-study-group/', {
    headers: await csrfHeaders(page),
    data: { courseID: courseId, name, description },
  });
  expect(created.status(), 'creating the group through the API').toBe(201);
  return ((await created.json()) as { id: number }).id;
}
