// Issue 11: the sign-up page's top error is brought into view and announced.
import { expect, test, type Browser } from '@playwright/test';
import { fillSignUpForm, SCREEN_SIZES, signUpViaApi, type E2eStudent } from './e2e-support';

/** A student with an account, made in a context of its own so `page` stays signed out. */
async function existingStudent(browser: Browser): Promise<E2eStudent> {
  const context = await browser.newContext();
  try {
    return await signUpViaApi(await context.newPage(), 'Lena', 'Gator');
  } finally {
    await context.close();
  }
}

for (const size of SCREEN_SIZES) {
  test(`at ${size.width} px the sign-up page's top error is brought into view and focused`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.route('**/api/signup/', (route) => route.fulfill({ status: 500, json: { error: 'INTERNAL', message: 'Something went wrong' } }));
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
