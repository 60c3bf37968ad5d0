// A student signs up, reads their profile in the user menu, logs out and logs
// back in, in Chromium, against the real server.
import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, snap } from './e2e-support';

const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const student = {
  firstName: 'Alberta',
  lastName: 'Gator',
  major: 'Wildlife Ecology',
  email: `alberta.${tag}@ufl.edu`,
  username: `alberta_${tag}`,
  password: 'go-gators-2026',
  bio: 'Swamp enthusiast.',
};

test('a student signs up, reads the user menu, logs out and logs back in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Study Swamp' })).toBeVisible();
  await expect(page.getByText('Created By')).toBeVisible();
  await snap(page, '01-landing');

  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);

  // The first rule of spec 5 fires on an empty form, and clears on typing.
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please enter first name')).toBeVisible();
  await snap(page, '02-sign-up-validation');
  await page.getByLabel('First Name').fill(student.firstName);
  await expect(page.getByText('Please enter first name')).toBeHidden();

  await page.getByLabel('Last Name').fill(student.lastName);
  await page.getByLabel('Bio').fill(student.bio);
  await page.getByLabel('Major').fill(student.major);
  await page.getByLabel('Year').selectOption({ label: 'Sophomore' });
  await page.getByLabel('Email Address').fill('alberta@gmail.com');
  await page.getByLabel('Username').fill(student.username);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please enter a valid UFL email')).toBeVisible();

  await page.getByLabel('Email Address').fill(student.email);
  // A short password is refused in the browser (nothing is sent); a common one by the server, under the same field.
  const signUps: string[] = [];
  page.on('request', (request) => void (request.url().endsWith('/api/signup/') && signUps.push(request.url())));
  await page.getByLabel('Password').fill('gator12');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Choose a password of at least 8 characters.')).toBeVisible();
  expect(signUps).toEqual([]);
  await page.getByLabel('Password').fill('Password1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('That password is too common; choose another.')).toBeVisible();
  await expect(page.getByLabel('Password')).toBeFocused();
  expect(signUps).toHaveLength(1);

  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();

  await page.getByRole('button', { name: /user menu/ }).click();
  const menu = page.getByRole('region', { name: 'User Profile' });
  await expect(menu.getByText('User Profile')).toBeVisible();
  await expect(menu.getByText(`${student.firstName} ${student.lastName}`)).toBeVisible();
  await expect(menu.getByText(student.username, { exact: true })).toBeVisible();
  await expect(menu.getByText(student.email)).toBeVisible();
  await expect(menu.getByText(student.major)).toBeVisible();
  await expect(menu.getByText('Sophomore')).toBeVisible();
  await expect(menu.getByText(student.bio)).toBeVisible();
  await snap(page, '03-user-menu');

  // An outside click closes it.
  await page.mouse.click(5, 400);
  await expect(menu.getByText(student.email)).toBeHidden();

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/log-in$/);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();

  // Signed out, a protected route lands on the Log In screen, which keeps the page asked for.
  await page.goto('/search-courses');
  await expect(page).toHaveURL(/\/log-in\?next=%2Fsearch-courses$/);

  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Please enter a username')).toBeVisible();
  await page.getByLabel('Username').fill(student.username);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Please enter a password')).toBeVisible();
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await snap(page, '04-log-in-error');

  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/search-courses$/);
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await page.getByRole('button', { name: /user menu/ }).click();
  await expect(page.getByText(student.email)).toBeVisible();

  // Signed in, /log-in shows the dashboard; a reload keeps the session.
  await page.goto('/log-in');
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await snap(page, '05-dashboard');
});

test('the auth pages fit a 360 px phone and work from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const route of ['/', '/log-in', '/sign-up']) {
    await page.goto(route);
    await expect(page.getByRole('link', { name: /Study Swamp/ }).first()).toBeVisible();
    await expectNoHorizontalOverflow(page, route);
    await snap(page, `06-phone${route === '/' ? '-landing' : route.replace('/', '-')}`);
  }

  await page.goto('/log-in');
  await page.getByLabel('Username').focus();
  await page.keyboard.type('someone');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type('whatever');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Invalid username or password')).toBeVisible();
});
