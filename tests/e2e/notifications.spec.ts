// "Notifications" on the profile: a student turns mention mail off, mutes
// their group and sets quiet hours; after a reload the page shows what was
// saved. The section fits a phone and passes the axe audit at both widths.
import { expect, test } from '@playwright/test';
import { auditScreen } from './axe';
import { createGroupViaApi, expectNoHorizontalOverflow, joinCourseViaApi, SCREEN_SIZES, signUpViaApi, snap } from './e2e-support';

test('a student changes what notifies them on the profile, and it stays changed', async ({ page }) => {
  await signUpViaApi(page, 'Nia', 'Notify');
  const { id: courseId } = await joinCourseViaApi(page, 'COP3502C');
  await createGroupViaApi(page, courseId, 'Exam 1 Crammers');

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Notifications' });
  const mentions = section.getByRole('group', { name: 'Someone mentions you' });
  await expect(mentions.getByRole('checkbox', { name: 'Mail' })).toBeChecked();
  // Course chats are off by default: too many.
  await expect(
    section.getByRole('group', { name: 'New messages in your course chats' }).getByRole('checkbox', { name: 'Push' }),
  ).not.toBeChecked();

  await mentions.getByRole('checkbox', { name: 'Mail' }).uncheck();
  await section.getByRole('checkbox', { name: 'Mute Exam 1 Crammers' }).check();
  await section.getByRole('checkbox', { name: 'Hold notifications during quiet hours' }).check();
  await section.getByLabel('From').fill('23:00');
  await section.getByRole('combobox', { name: 'Digest mail' }).selectOption('60');
  await section.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(section.locator('form').getByRole('status')).toHaveText('Saved.');

  await page.reload();
  const again = page.getByRole('region', { name: 'Notifications' });
  await expect(again.getByRole('group', { name: 'Someone mentions you' }).getByRole('checkbox', { name: 'Mail' })).not.toBeChecked();
  await expect(again.getByRole('group', { name: 'Someone mentions you' }).getByRole('checkbox', { name: 'Push' })).toBeChecked();
  await expect(again.getByRole('checkbox', { name: 'Mute Exam 1 Crammers' })).toBeChecked();
  await expect(again.getByLabel('From')).toHaveValue('23:00');
  await expect(again.getByRole('combobox', { name: 'Digest mail' })).toHaveValue('60');

  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await again.scrollIntoViewIfNeeded();
    await expectNoHorizontalOverflow(page, `the profile's Notifications at ${size.width}px`);
    expect(await auditScreen(page), `axe violations at ${size.width}px`).toEqual([]);
    await snap(page, `notifications-${size.width}`);
  }
});
