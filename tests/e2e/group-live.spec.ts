// A group page kept live, two students in two browser contexts: the owner adds
// a meeting and renames the group on their page, accepts a classmate's
// request to join and removes them; the member's open page shows each change
// at once (the chat's long poll, which waits 25 s, says the group changed: the
// assertions' 5 s could not be met by a poll's deadline), with no reload and
// their half-typed message still in the box. The owner's page counts the
// request the moment it is asked; a classmate's course page, its group modal
// open, shows the new name.
import { expect, test, type Browser, type Page, type Request } from '@playwright/test';
import { apiPost, createGroupViaApi, joinCourseViaApi, signUpViaApi, snap, type E2eStudent } from './e2e-support';

interface Student {
  page: Page;
  student: E2eStudent;
}

async function student(browser: Browser, firstName: string): Promise<Student> {
  const page = await (await browser.newContext()).newPage();
  return { page, student: await signUpViaApi(page, firstName, 'Gator') };
}

const isLongPoll = (path: string) => (request: Request) => request.url().includes(path) && new URL(request.url()).searchParams.has('wait');
const isGroupLongPoll = isLongPoll('/api/select-study-group-messages/');

test('the owner’s changes to the group reach a member’s open page at once, without a reload', async ({ browser }) => {
  const owner = await student(browser, 'Opal');
  const member = await student(browser, 'Milo');
  const asker = await student(browser, 'Ava');
  try {
    const course = await joinCourseViaApi(owner.page, 'BSC2010');
    await joinCourseViaApi(member.page, 'BSC2010');
    await joinCourseViaApi(asker.page, 'BSC2010');
    const groupId = await createGroupViaApi(owner.page, course.id, 'Cell biology crew');
    await apiPost(member.page, '/api/insert-study-group-member/', { studyGroupID: groupId });
    // Private: a classmate asks to join.
    await apiPost(owner.page, '/api/update-study-group/', {
      studyGroupID: groupId,
      name: 'Cell biology crew',
      description: 'Weekly',
      public: 0,
    });

    await owner.page.goto(`/study-group/${groupId}`);
    const polling = member.page.waitForRequest(isGroupLongPoll);
    await member.page.goto(`/study-group/${groupId}`);
    const composer = member.page.getByRole('region', { name: 'Group Chat' }).getByRole('textbox', { name: 'Message' });
    await composer.fill('Half a thought about mito');
    // The classmate who will ask to join, on the course page with the group's modal open.
    const coursePolling = asker.page.waitForRequest(isLongPoll('/api/select-course-messages/'));
    await asker.page.goto(`/course/${course.id}`);
    await asker.page
      .getByRole('region', { name: 'Groups' })
      .getByRole('button', { name: /Cell biology crew/ })
      .click();
    await expect(asker.page.getByRole('dialog', { name: 'Cell biology crew' })).toBeVisible();
    await coursePolling;
    // The page is never loaded again: this mark would go with it.
    await member.page.evaluate(() => document.body.setAttribute('data-still-here', 'yes'));
    await polling;

    // A meeting, added on the owner's page.
    let next = member.page.waitForRequest(isGroupLongPoll);
    await owner.page.getByRole('button', { name: 'Schedule a meeting' }).click();
    const schedule = owner.page.getByRole('dialog', { name: 'Schedule Meeting' });
    await schedule.getByLabel('Meeting Day').selectOption('Wednesday');
    await schedule.getByLabel('Meeting Time').fill('17:00');
    await schedule.getByLabel('Location').fill('Library West 212');
    await schedule.getByRole('button', { name: 'Add Meeting' }).click();
    await expect(member.page.getByRole('list', { name: 'Meetings' })).toContainText('Library West 212');
    await next;

    // A new name.
    next = member.page.waitForRequest(isGroupLongPoll);
    await owner.page.getByRole('button', { name: 'Edit group' }).click();
    const edit = owner.page.getByRole('dialog', { name: 'Update Group' });
    await edit.getByLabel('Name').fill('Cell biology study hall');
    await edit.getByRole('button', { name: 'Update Group' }).click();
    await expect(member.page.getByRole('heading', { level: 1, name: 'Cell biology study hall' })).toBeVisible();
    await expect(asker.page.getByRole('dialog', { name: 'Cell biology study hall' })).toBeVisible();
    await next;
    await asker.page.keyboard.press('Escape');
    await expect(asker.page.getByRole('region', { name: 'Groups' }).getByRole('button', { name: /Cell biology study hall/ })).toBeVisible();

    // A request to join: the owner's page counts it; accepted, the member's page lists the newcomer.
    next = member.page.waitForRequest(isGroupLongPoll);
    await apiPost(asker.page, '/api/insert-study-group-join-request/', { studyGroupID: groupId });
    await expect(owner.page.getByRole('button', { name: /Invite people.*1 request to join/ })).toBeVisible();
    await next;
    next = member.page.waitForRequest(isGroupLongPoll);
    await apiPost(owner.page, '/api/answer-study-group-join-request/', {
      studyGroupID: groupId,
      studentID: asker.student.id,
      accept: true,
    });
    const members = member.page.getByRole('region', { name: 'Members' });
    await expect(members.getByRole('listitem').filter({ hasText: 'Ava' })).toBeVisible();
    await next;
    await snap(member.page, 'group-live-01-joined');

    // Removed by the owner: gone from the member's list.
    await apiPost(owner.page, '/api/delete-study-group-member/', { studyGroupID: groupId, userID: asker.student.id });
    await expect(members.getByRole('listitem').filter({ hasText: 'Ava' })).toHaveCount(0);
    await expect(members.getByRole('listitem')).toHaveCount(2);

    // All of it without a reload, and the message being typed kept.
    await expect(composer).toHaveValue('Half a thought about mito');
    await expect(member.page.locator('body')).toHaveAttribute('data-still-here', 'yes');
  } finally {
    await Promise.all([owner, member, asker].map(({ page }) => page.context().close()));
  }
});
