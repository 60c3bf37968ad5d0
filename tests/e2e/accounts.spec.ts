// Accounts students can trust, in the browser: the verification
// link from the captured mail, a forgotten password, the profile page seen by
// a classmate, and a deleted account's messages as "Former member". Mail goes
// over SMTP to the e2e server's own SMTP peer (serve.ts), and the tests read it
// from there as a student reads their inbox.
import { expect, test, type Browser } from '@playwright/test';
import { EMAIL_CLAIM_LOST_MESSAGE } from '@domain/user/account-errors';
import { RESET_LINK_INVALID_MESSAGE } from '@application/accounts/reset-password';
import { apiPost, expectNoHorizontalOverflow, fillSignUpForm, joinCourseViaApi, signUpViaApi, waitForMail } from './e2e-support';

const BANNER = 'Check your UF email to verify your account';

async function studentPage(browser: Browser, first: string, last: string, verified = true) {
  const page = await (await browser.newContext()).newPage();
  const student = await signUpViaApi(page, first, last, '/', { verified });
  return { page, student };
}

test('signs up, opens the link from the mail, and the banner goes', async ({ page }) => {
  await page.goto('/sign-up');
  const { username } = await fillSignUpForm(page, 'verify');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const banner = page.getByRole('region', { name: 'Email verification' });
  await expect(banner).toContainText(BANNER);

  // Resend sends a second link, and only the newest one works.
  await banner.getByRole('button', { name: 'Resend' }).click();
  await expect(banner.getByRole('status')).toHaveText(`We sent a new link to ${username}@ufl.edu.`);
  const first = await waitForMail(page, `${username}@ufl.edu`, 1);
  const second = await waitForMail(page, `${username}@ufl.edu`, 2);
  expect(first.subject).toContain('Study Swamp');
  expect(first.html).toContain(first.link);

  await page.goto(first.link);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await page.goto(second.link);
  await expect(page.getByRole('heading', { name: 'Email address verified' })).toBeVisible();
  // A second click on the link, here or in a browser signed in to nothing: the address is verified, and the page says so.
  await page.goto(second.link);
  await expect(page.getByRole('heading', { name: 'Email address already verified' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('This link was already used: your UF email address is verified.');
  const elsewhere = await (await page.context().browser()!.newContext()).newPage();
  await elsewhere.goto(second.link);
  await expect(elsewhere.getByRole('heading', { name: 'Email address already verified' })).toBeVisible();
  await expect(elsewhere.getByRole('link', { name: 'Log in', exact: true })).toBeVisible();
  await elsewhere.context().close();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByText('You have no courses.')).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('You have no courses.')).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);
});

test('forgot password: the mailed link sets a new one, and the student logs in with it', async ({ page, browser }) => {
  const { page: elsewhere, student } = await studentPage(browser, 'Fiona', 'Forgetful', false);
  await page.goto('/log-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email address or username').fill(student.username);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('status')).toHaveText('If an account exists, we sent a link');

  const mail = await waitForMail(page, student.email, 2);
  expect(mail.subject).toBe('Reset your Study Swamp password');
  await page.goto(mail.link);
  await page.getByLabel('New password').fill('brand-new-swamp-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password was changed');

  // Every session of the account ended: the other browser is signed out at its next call.
  await elsewhere.reload();
  await expect(elsewhere.getByText('Created By')).toBeVisible();

  // The used link, opened again, says so at once: no form to fill in.
  await page.goto(mail.link);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(RESET_LINK_INVALID_MESSAGE);
  await expect(page.getByLabel('New password')).toHaveCount(0);

  // Log In takes the UF email as well as the username.
  await page.goto('/log-in');
  await page.getByLabel('Username or UF email').fill(student.email.toUpperCase());
  await page.getByLabel('Password').fill('brand-new-swamp-7');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('button', { name: /user menu/i })).toBeVisible();
  // The link reached the address, so it counts as verified.
  await expect(page.getByText(BANNER)).toHaveCount(0);
  await elsewhere.context().close();
});

test('a reset link that does not work says so when the page opens, before a new password is typed', async ({ page }) => {
  // Not a token at all (the server refuses the link's token field), then one that was never sent (or was used up).
  for (const [token, said] of [
    ['x'.repeat(201), 'token: must be at most 200 characters'],
    ['made-up-token', RESET_LINK_INVALID_MESSAGE],
  ]) {
    await page.goto(`/reset-password?token=${token}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link does not work');
    await expect(page.getByRole('alert')).toHaveText(said);
    await expect(page.getByLabel('New password')).toHaveCount(0);
    await page.getByRole('link', { name: 'Send me a new link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  }
});

test('a reset link still refused when the password is sent (used meanwhile) says so as the form’s error', async ({ page }) => {
  // The page's check found the link usable; another tab used it before this one sent its password.
  await page.route('**/api/reset-link/**', (route) => route.fulfill({ json: { usable: true } }));
  await page.goto('/reset-password?token=made-up-token');
  const password = page.getByLabel('New password');
  await password.fill('brand-new-swamp-7');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(RESET_LINK_INVALID_MESSAGE);
  await expect(password).toHaveAttribute('aria-invalid', 'false');
  await expect(password).not.toHaveAccessibleDescription(RESET_LINK_INVALID_MESSAGE);
});

test('edits the profile, and another student sees it on the profile card', async ({ browser }) => {
  const { page: alice } = await studentPage(browser, 'Alice', 'Editor', false);
  const { page: bob } = await studentPage(browser, 'Bob', 'Reader');
  const course = await joinCourseViaApi(alice, 'MAC2313');
  await joinCourseViaApi(bob, 'MAC2313');

  await alice.getByRole('button', { name: /user menu/i }).click();
  await alice.getByRole('link', { name: 'Edit profile' }).click();
  await expect(alice).toHaveURL(/\/profile$/);
  await expect(alice.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();
  await alice.getByLabel('First Name').fill('Alicia');
  await alice.getByLabel('Major').fill('');
  await alice.getByLabel('Year').selectOption({ label: 'Not specified' });
  await alice.getByLabel('Bio').fill('Calculus is fun');
  await alice.getByRole('button', { name: 'Save Profile' }).click();
  await expect(alice.getByRole('status').filter({ hasText: 'Your profile was saved.' })).toBeVisible();
  // A rule of sign-up, shown on its field.
  await alice.getByLabel('Last Name').fill('Edit0r');
  await alice.getByRole('button', { name: 'Save Profile' }).click();
  await expect(alice.getByText('Do not include numbers in your name!')).toBeVisible();
  await alice.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalOverflow(alice, 'the profile page at 360 px');

  await bob.goto(`/course/${course.id}`);
  await bob
    .getByRole('region', { name: 'Students' })
    .getByRole('button', { name: /Alicia Editor/ })
    .click();
  const card = bob.getByRole('dialog', { name: 'Alicia Editor' });
  await expect(card).toContainText('Calculus is fun');
  await expect(card.getByText('Not specified')).toHaveCount(2);
  await expect(card.getByText('Unverified')).toBeVisible();
  await alice.context().close();
  await bob.context().close();
});

test('deletes an account, and classmates see its messages from "Former member"', async ({ browser }) => {
  const { page: dana, student } = await studentPage(browser, 'Dana', 'Departing');
  const { page: eli } = await studentPage(browser, 'Eli', 'Staying');
  const course = await joinCourseViaApi(dana, 'AST1002');
  await joinCourseViaApi(eli, 'AST1002');
  await apiPost(dana, '/api/insert-course-message/', { courseID: course.id, message: 'Thanks for the notes, bye!' });

  await dana.goto('/profile');
  await dana.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = dana.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('That is not your current password.')).toBeVisible();
  await dialog.getByLabel('Password').fill(student.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dana.getByText('Your account was deleted.')).toBeVisible();
  await expect(dana).toHaveURL(/\/log-in$/);

  await eli.goto(`/course/${course.id}`);
  const chat = eli.getByRole('region', { name: 'Course Chat' });
  const message = chat.getByRole('listitem').filter({ hasText: 'Thanks for the notes, bye!' });
  await expect(message).toContainText('Former member');
  // No profile to open (Reply and the reactions stay).
  await expect(message.getByRole('button', { name: /Former member|Dana/ })).toHaveCount(0);
  await expect(eli.getByRole('region', { name: 'Students' }).getByRole('button', { name: /Dana Departing/ })).toHaveCount(0);
  await dana.context().close();
  await eli.context().close();
});

test('the account screens fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/forgot-password', '/reset-password?token=x', '/verify-email?token=x']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalOverflow(page, path);
  }
  await signUpViaApi(page, 'Pat', 'Phone', '/profile', { verified: false });
  const banner = page.getByRole('region', { name: 'Email verification' });
  await expect(banner).toBeVisible();
  await expectNoHorizontalOverflow(page, '/profile with the banner');
  // The banner sits over every page until the address is verified: on a phone
  // Resend stays beside the sentence, so it costs two short lines, not three.
  const text = await banner.getByText('Check your UF email to verify your account').boundingBox();
  const resend = await banner.getByRole('button', { name: 'Resend' }).boundingBox();
  expect(resend!.x).toBeGreaterThan(text!.x + text!.width - 1);
  expect(resend!.y).toBeLessThan(text!.y + text!.height);
  expect((await banner.boundingBox())!.height).toBeLessThan(80);
});

test('a link whose address another account verified first says so, on a phone', async ({ page }) => {
  // Making the real case takes an account 24 hours old; the server's answer to it is tested in tests/integration/accounts-api.test.ts.
  await page.route('**/api/verify-email/', (route) =>
    route.fulfill({ status: 409, json: { error: 'EMAIL_CLAIM_LOST', message: EMAIL_CLAIM_LOST_MESSAGE } }),
  );
  await page.setViewportSize({ width: 360, height: 740 });
  await signUpViaApi(page, 'Cleo', 'Claimant', '/verify-email?token=claimed', { verified: false });
  await expect(page.getByRole('heading', { level: 1, name: 'This address belongs to another account' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(EMAIL_CLAIM_LOST_MESSAGE);
  // Neither trying the link again nor a new link can help: the page offers neither.
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByText('Ask for a new link:')).toHaveCount(0);
  await expectNoHorizontalOverflow(page, 'the lost claim at 360 px');
});
