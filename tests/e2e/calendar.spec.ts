// The calendar subscription address: a student subscribes from their group's
// page, a calendar app (no cookies) fetches the feed and finds the group's
// meeting; a new address turns the old one off, Turn off the new one; the
// dialog fits a phone, and the profile offers the same address.
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { parseCalendar } from '@tests/support/parse-calendar';
import { apiPost, createGroupViaApi, expectNoHorizontalOverflow, joinCourseViaApi, signUpViaApi, snap } from './e2e-support';

test('a student subscribes, a calendar app reads the meeting, and a revoked address answers 404', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  // A calendar app: its own client, without the student's cookies.
  const calendarApp: APIRequestContext = await request.newContext({ baseURL });
  try {
    await signUpViaApi(page, 'Cal', 'Endar');
    const { id: courseId } = await joinCourseViaApi(page, 'COP3502C');
    const groupId = await createGroupViaApi(page, courseId, 'Feed followers');
    await apiPost(page, '/api/insert-study-group-meeting/', {
      studyGroupID: groupId,
      day: 'Wednesday',
      time: '17:15',
      location: 'Library West 212',
    });

    await page.goto(`/study-group/${groupId}`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe in your calendar' });
    await expect(dialog.getByText('the meetings of every group you are in')).toBeVisible();
    await dialog.getByRole('button', { name: 'Get my address' }).click();
    const field = dialog.getByLabel('Your calendar address');
    await expect(field).toHaveValue(/^http:\/\/[^/]+\/api\/calendar-feed\/[\w-]{43}\.ics$/);
    const first = await field.inputValue();
    await expect(dialog.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', first.replace(/^http:/, 'webcal:'));
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(dialog.getByRole('status').filter({ hasText: /Copied|press Ctrl\+C/ })).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalOverflow(page, 'the Subscribe dialog at 360 px');
    await snap(page, 'calendar-01-subscribe-360');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The calendar app reads the feed: the group's meeting, Wednesdays at 5:15 PM campus time, until the series ends.
    const feed = await calendarApp.get(new URL(first).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const { events } = parseCalendar(await feed.text());
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ summary: 'Feed followers', location: 'Library West 212', weekday: 4, localTime: '17:15' });
    expect(events[0].rrule).toMatch(/^FREQ=WEEKLY;BYDAY=WE;UNTIL=\d{8}T\d{6}Z$/);

    // A new address, asked first: the old one answers 404 at once.
    await dialog.getByRole('button', { name: 'Get a new address' }).click();
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await dialog.getByRole('group', { name: 'Get a new address' }).getByRole('button', { name: 'Get a new address' }).click();
    await expect(field).not.toHaveValue(first);
    const second = await field.inputValue();
    const old = await calendarApp.get(new URL(first).pathname);
    expect(old.status()).toBe(404);
    expect(await old.json()).toMatchObject({ error: 'CALENDAR_FEED_NOT_FOUND', message: expect.any(String) });
    expect((await calendarApp.get(new URL(second).pathname)).status()).toBe(200);

    // Turn off, asked first: no address works, and the dialog offers a new one.
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await dialog.getByRole('group', { name: 'Turn off' }).getByRole('button', { name: 'Turn off' }).click();
    await expect(dialog.getByRole('button', { name: 'Get my address' })).toBeVisible();
    expect((await calendarApp.get(new URL(second).pathname)).status()).toBe(404);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The profile offers the same address.
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Your calendar' });
    await expect(section.getByRole('button', { name: 'Get my address' })).toBeVisible();
  } finally {
    await calendarApp.dispose();
    await context.close();
  }
});
