// Meetings students can plan around, for two students of one course: the
// owner schedules a single dated meeting and a weekly one with a link for a
// place; the classmate sees both, the link opening apart, and answers Going to
// the next one; the owner's open page shows the classmate among who is coming
// at once, without a reload; the calendar file holds the single meeting as a
// one-off event and the weekly one as a series with its end; the dashboard
// lists the next meeting, linking to the group.
import { expect, test } from '@playwright/test';
import { parseCalendar } from '@tests/support/parse-calendar';
import { createGroupViaApi, expectNoHorizontalOverflow, joinCourseViaApi, signUpViaApi, snap } from './e2e-support';

/** A campus date (YYYY-MM-DD) `days` after today. */
function campusDateIn(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const shortDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

test('the owner schedules a single and a weekly meeting; a classmate answers Going; the owner sees it at once, the calendar file and the dashboard too', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const classmateContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const classmatePage = await classmateContext.newPage();
  try {
    await signUpViaApi(ownerPage, 'olivia', 'owner', '/search-courses');
    const { id: courseId } = await joinCourseViaApi(ownerPage, 'STA2023');
    const groupId = await createGroupViaApi(ownerPage, courseId, 'Stats review');
    await ownerPage.goto(`/study-group/${groupId}`);

    // Once: "Exam 1 review" in two days, 7-9 PM, in a room.
    const examDay = campusDateIn(2);
    await ownerPage.getByRole('button', { name: 'Schedule a meeting' }).click();
    let schedule = ownerPage.getByRole('dialog', { name: 'Schedule Meeting' });
    await schedule.getByLabel('Once').check();
    await schedule.getByLabel('Title (optional)').fill('Exam 1 review');
    await schedule.getByLabel('Date', { exact: true }).fill(examDay);
    await schedule.getByLabel('Meeting Time').fill('19:00');
    await schedule.getByLabel('Length').selectOption('120');
    await schedule.getByLabel('Location').fill('Marston 101');
    await schedule.getByRole('button', { name: 'Add Meeting' }).click();
    await expect(schedule).toBeHidden();
    const meetings = ownerPage.getByRole('list', { name: 'Meetings' });
    await expect(meetings.getByRole('listitem')).toHaveText([`Exam 1 review · ${shortDate(examDay)}, 7:00–9:00 PM@ Marston 101`]);

    // Weekly on Tuesdays at 7:30 PM, online.
    await ownerPage.getByRole('button', { name: 'Schedule a meeting' }).click();
    schedule = ownerPage.getByRole('dialog', { name: 'Schedule Meeting' });
    await expect(schedule.getByLabel('Weekly')).toBeChecked();
    await schedule.getByLabel('Meeting Day').selectOption('Tuesday');
    await schedule.getByLabel('Meeting Time').fill('19:30');
    await schedule.getByLabel('Location').fill('https://ufl.zoom.us/j/123456');
    await snap(ownerPage, 'meetings-01-schedule-weekly');
    await schedule.getByRole('button', { name: 'Add Meeting' }).click();
    await expect(schedule).toBeHidden();
    await expect(meetings.getByRole('listitem')).toHaveCount(2);
    await expect(meetings.getByText(/^Tuesdays 7:30–8:30 PM · until \w{3} \d{1,2}$/)).toBeVisible();
    const link = meetings.getByRole('link', { name: 'https://ufl.zoom.us/j/123456' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    // The classmate joins and answers Going to the next meeting.
    await signUpViaApi(classmatePage, 'carla', 'classmate', '/search-courses');
    await joinCourseViaApi(classmatePage, 'STA2023');
    await classmatePage.goto(`/course/${courseId}`);
    await classmatePage
      .getByRole('region', { name: 'Groups' })
      .getByRole('button', { name: /Stats review/ })
      .click();
    const modal = classmatePage.getByRole('dialog', { name: 'Stats review' });
    await expect(modal.getByText(/^Tuesdays 7:30–8:30 PM/)).toBeVisible();
    await modal.getByRole('button', { name: 'Join Group' }).click();
    await modal.getByRole('link', { name: 'View Group' }).click();
    const nextCard = classmatePage.getByRole('region', { name: 'Next meeting' });
    await expect(nextCard).toBeVisible();
    const nextWhen = (await nextCard.locator('p').first().textContent()) ?? '';
    await nextCard.getByRole('button', { name: 'Going', exact: true }).click();
    await expect(nextCard.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(nextCard.getByText('Going: Carla Classmate')).toBeVisible();
    await expect(nextCard.getByText('You said Going for this date.')).toBeVisible();
    await snap(classmatePage, 'meetings-02-going');

    // The owner's page, open all along, shows who is coming at once (the chat's long poll carries the change).
    const ownerNext = ownerPage.getByRole('region', { name: 'Next meeting' });
    await expect(ownerNext.locator('p').first()).toHaveText(nextWhen);
    await expect(ownerNext.getByText('Going: Carla Classmate')).toBeVisible();

    // The calendar file: the single meeting as a one-off event, the weekly one as a series with its end.
    const calendar = await ownerPage.request.get(`/api/study-group/${groupId}/calendar.ics`);
    expect(calendar.status()).toBe(200);
    const { events } = parseCalendar(await calendar.text());
    const exam = events.find((event) => event.summary === 'Exam 1 review');
    expect(exam).toMatchObject({ tzid: 'America/New_York', localTime: '19:00', rrule: 'null', duration: 'PT2H', dates: [examDay] });
    const weekly = events.find((event) => event.url === 'https://ufl.zoom.us/j/123456');
    expect(weekly?.rrule).toMatch(/^FREQ=WEEKLY;.*UNTIL=/);
    expect(weekly?.localTime).toBe('19:30');
    expect(weekly?.dates.length).toBeGreaterThan(1);
    expect(weekly?.dates.every((date) => new Date(`${date}T12:00:00Z`).getUTCDay() === 2)).toBe(true);

    // The dashboard lists the next meeting, linking to the group.
    await classmatePage.goto('/');
    const upcoming = classmatePage.getByRole('region', { name: 'Next meetings' });
    await expect(upcoming.getByRole('listitem').first()).toContainText('Stats review');
    await upcoming.getByRole('link', { name: 'Stats review' }).first().click();
    await expect(classmatePage).toHaveURL(new RegExp(`/study-group/${groupId}$`));

    // On a phone the group page and the dashboard's course list (with the next meetings below it) fit.
    await classmatePage.setViewportSize({ width: 360, height: 780 });
    await classmatePage.getByRole('button', { name: 'Group details' }).click();
    await expect(classmatePage.getByRole('region', { name: 'Next meeting' })).toBeVisible();
    await expectNoHorizontalOverflow(classmatePage, 'the group page with the next meeting');
    await classmatePage.goto('/?course=none');
    await expect(classmatePage.getByRole('region', { name: 'Next meetings' })).toBeVisible();
    await expectNoHorizontalOverflow(classmatePage, 'the dashboard with next meetings');
  } finally {
    await ownerContext.close();
    await classmateContext.close();
  }
});
