// Find a time: three students in sections of MAC1105 (the e2e catalog's big
// course) that meet at different times, in one group. The owner opens Find a
// time; the first proposal is free for all three and overlaps none of their
// classes; "Schedule this" opens Schedule Meeting filled in, and the meeting
// it adds shows on the group page.
import { expect, test } from '@playwright/test';
import { BIG_COURSE, classNumberOf } from './e2e-catalog';
import { apiPost, createGroupViaApi, expectNoHorizontalOverflow, signUpViaApi } from './e2e-support';

// The e2e catalog's patterns for sections 0, 1 and 2 (e2e-catalog.ts), as minutes of each day.
const CLASSES: { days: string[]; start: number; end: number }[] = [
  { days: ['Monday', 'Wednesday', 'Friday'], start: 8 * 60 + 30, end: 9 * 60 + 20 },
  { days: ['Monday', 'Wednesday', 'Friday'], start: 11 * 60 + 45, end: 12 * 60 + 35 },
  { days: ['Tuesday', 'Thursday'], start: 13 * 60 + 55, end: 15 * 60 + 50 },
];

/** "2:30 PM" as minutes since midnight. */
function minutesOf(clock: string): number {
  const [, h, m, half] = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(clock)!;
  return (Number(h) % 12) * 60 + Number(m) + (half === 'PM' ? 12 * 60 : 0);
}

test('the owner finds a time free for all three, away from their classes, and schedules it', async ({ browser }) => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [ownerPage, benPage, carlaPage] = await Promise.all(contexts.map((c) => c.newPage()));
  try {
    const owner = await signUpViaApi(ownerPage, 'Ana', 'Alvarez', '/profile');
    await signUpViaApi(benPage, 'Ben', 'Okafor', '/profile');
    await signUpViaApi(carlaPage, 'Carla', 'Reyes-Ortiz', '/profile');
    for (const [index, page] of [ownerPage, benPage, carlaPage].entries())
      await apiPost(page, '/api/insert-course-members/', { term: BIG_COURSE.term, classNumbers: [classNumberOf(index)] });
    const { courses } = await apiPost<{ courses: { id: number }[] }>(ownerPage, '/api/filter-courses/', {
      courseCode: BIG_COURSE.code,
      term: BIG_COURSE.term,
    });
    const groupId = await createGroupViaApi(ownerPage, courses[0].id, 'Algebra exam prep');
    for (const page of [benPage, carlaPage]) await apiPost(page, '/api/insert-study-group-member/', { studyGroupID: groupId });

    await ownerPage.goto(`/study-group/${groupId}`);
    await expect(ownerPage.getByRole('heading', { name: 'Algebra exam prep' })).toBeVisible();
    await ownerPage.getByRole('button', { name: 'Find a time' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Find a time' });
    await expect(dialog.getByLabel('Meeting length')).toBeFocused();
    await expect(dialog.getByLabel('Meeting length')).toHaveValue('60');
    const proposals = dialog.getByRole('list', { name: 'Suggested times, best first' }).getByRole('listitem');
    await expect(proposals.first()).toBeVisible();
    const first = (await proposals.first().locator('p').textContent())!.trim();
    const [, day, from, to] = /^(\w+day), (\d{1,2}:\d{2} [AP]M) - (\d{1,2}:\d{2} [AP]M) · all 3 free$/.exec(first) ?? [];
    expect(day, first).toBeTruthy();
    const start = minutesOf(from);
    const end = minutesOf(to);
    expect(end - start).toBe(60);
    for (const c of CLASSES) if (c.days.includes(day)) expect(start < c.end && c.start < end, `${first} against a class`).toBe(false);

    // Two hours: the list is read again for the new length.
    await dialog.getByLabel('Meeting length').selectOption('120');
    await expect(proposals.first().locator('p')).toContainText(/ · (all 3 free|\d of 3 free)/);

    await dialog.getByLabel('Meeting length').selectOption('60');
    await expect(proposals.first().locator('p')).toHaveText(first);
    await proposals
      .first()
      .getByRole('button', { name: `Schedule this: ${first.split(' · ')[0]}` })
      .click();
    const schedule = ownerPage.getByRole('dialog', { name: 'Schedule Meeting' });
    await expect(schedule.getByLabel('Meeting Day')).toHaveValue(day);
    const time24 = `${String(Math.floor(start / 60)).padStart(2, '0')}:${String(start % 60).padStart(2, '0')}`;
    await expect(schedule.getByLabel('Meeting Time')).toHaveValue(time24);
    await schedule.getByLabel('Location').fill('Marston Science Library');
    await schedule.getByRole('button', { name: 'Add Meeting' }).click();
    await expect(schedule).toBeHidden();
    await expect(ownerPage.getByText(new RegExp(`^${day}s ${from.split(' ')[0]}( [AP]M)?–`))).toBeVisible();
    await expect(ownerPage.getByText('@ Marston Science Library')).toBeVisible();
    expect(owner.id).toBeGreaterThan(0);

    // On a phone: the dialog and the profile's busy times fit 360 px, and a stretch added there is saved.
    await carlaPage.setViewportSize({ width: 360, height: 780 });
    await carlaPage.goto(`/study-group/${groupId}`);
    await carlaPage.getByRole('button', { name: 'Group details' }).click();
    await carlaPage.getByRole('button', { name: 'Find a time' }).click();
    const phoneDialog = carlaPage.getByRole('dialog', { name: 'Find a time' });
    await expect(phoneDialog.getByRole('listitem').first()).toBeVisible();
    await expect(phoneDialog.getByRole('button', { name: /Schedule this/ })).toHaveCount(0);
    await expectNoHorizontalOverflow(carlaPage, 'Find a time at 360 px');
    await carlaPage.goto('/profile');
    await carlaPage.getByRole('button', { name: 'Add a busy time' }).click();
    await carlaPage.getByLabel('Busy time 1: day').selectOption('Saturday');
    await expectNoHorizontalOverflow(carlaPage, 'the profile at 360 px');
    await carlaPage.getByRole('button', { name: 'Save busy times' }).click();
    await expect(carlaPage.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
