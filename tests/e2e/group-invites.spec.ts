// The ways into a private group: an invite link opened signed out by a
// student not yet in the course (they log in, join, and are in the group and
// the course); a request to join the owner accepts, and one the owner
// declines; and the owner leaving a group with members picks its next owner.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiPost, createGroupViaApi, joinCourseViaApi, signUpViaApi, snap, type E2eStudent } from './e2e-support';

// A course no other spec uses, so its groups show in no other spec's lists.
const COURSE = 'POS2041';
const GROUP = 'Policy debate club';

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** The owner's group, made private through the API; answers its id and the course's. */
async function privateGroup(owner: Page, name: string): Promise<{ groupId: number; courseId: number }> {
  const { id: courseId } = await joinCourseViaApi(owner, COURSE);
  const groupId = await createGroupViaApi(owner, courseId, name, 'Mock debates before each exam');
  await apiPost(owner, '/api/update-study-group/', {
    studyGroupID: groupId,
    name,
    description: 'Mock debates before each exam',
    public: 0,
  });
  return { groupId, courseId };
}

const groupsPanel = (page: Page) => page.getByRole('region', { name: 'Groups' });

async function openGroupModal(page: Page, courseId: number, name: string) {
  await page.goto(`/course/${courseId}`);
  await groupsPanel(page)
    .getByRole('button', { name: new RegExp(name) })
    .click();
  return page.getByRole('dialog', { name });
}

async function openInvitePeople(owner: Page, groupId: number) {
  await owner.goto(`/study-group/${groupId}`);
  await owner.getByRole('button', { name: /^Invite people/ }).click();
  const dialog = owner.getByRole('dialog', { name: 'Invite people' });
  await expect(dialog.getByRole('heading', { name: 'Requests to join' })).toBeVisible();
  return dialog;
}

const fullName = (student: E2eStudent) => `${student.firstName} ${student.lastName}`;

test('an invite link brings a student who is not in the course into the group and the course, through Log In', async ({ browser }) => {
  const owner = await newPage(browser);
  const guest = await newPage(browser);
  try {
    await owner.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpViaApi(owner, 'Olivia', 'Owner');
    const { groupId } = await privateGroup(owner, GROUP);

    // The owner makes a link that works for a day and five uses, and copies it.
    const dialog = await openInvitePeople(owner, groupId);
    await dialog.getByLabel('Link works for').selectOption({ label: '1 day' });
    await dialog.getByLabel('Uses').selectOption({ label: '5' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const field = dialog.getByLabel('Your new invite link');
    await expect(field).toBeFocused();
    await expect(field).toHaveValue(/\/invite\/[A-Za-z0-9_-]{20,64}$/);
    await expect(dialog.getByText('This link is shown only now')).toBeVisible();
    const link = await field.inputValue();
    expect(new URL(link).origin).toBe(new URL(owner.url()).origin);
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const working = dialog.getByRole('list', { name: 'Working links' }).getByRole('listitem');
    await expect(working).toHaveCount(1);
    await expect(working).toContainText('expires in 1 day');
    await expect(working).toContainText('0 of 5 uses');
    await snap(owner, 'invites-01-link-made');

    // The guest has an account but is signed out, and not in the course.
    const student = await signUpViaApi(guest, 'Carla', 'Reyes-Ortiz');
    await apiPost(guest, '/api/logout/', {});
    await guest.goto(link);
    await expect(guest.getByRole('heading', { level: 1, name: GROUP })).toBeVisible();
    await expect(guest.getByText(COURSE, { exact: true })).toBeVisible();
    await expect(guest.getByText('Run by Olivia Owner · 1 member')).toBeVisible();
    await expect(guest).toHaveTitle(`Join ${GROUP} · Study Swamp`);
    await snap(guest, 'invites-02-visitor');
    await guest.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await expect(guest).toHaveURL(/\/log-in\?next=%2Finvite%2F/);
    await guest.getByLabel('Username').fill(student.username);
    await guest.getByLabel('Password').fill(student.password);
    await guest.getByRole('button', { name: 'Log In' }).click();

    // Back on the invite, signed in: joining says it joins the course too.
    await expect(guest).toHaveURL(new RegExp(`/invite/`));
    await expect(guest.getByText(`You are not in ${COURSE} yet`)).toBeVisible();
    await snap(guest, 'invites-03-signed-in');
    await guest.getByRole('button', { name: `Join ${GROUP}` }).click();
    await expect(guest).toHaveURL(new RegExp(`/study-group/${groupId}$`));
    await expect(guest.getByRole('heading', { level: 1, name: GROUP })).toBeVisible();
    await expect(guest.getByRole('region', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);

    // In the course too: it is on their dashboard; the link opened again offers Open group.
    await guest.goto('/?course=none');
    await expect(guest.getByRole('region', { name: 'Courses' }).getByRole('button', { name: new RegExp(COURSE) })).toBeVisible();
    await guest.goto(link);
    await guest.getByRole('link', { name: 'Open group' }).click();
    await expect(guest).toHaveURL(new RegExp(`/study-group/${groupId}$`));

    // The owner sees the use counted.
    const again = await openInvitePeople(owner, groupId);
    await expect(again.getByRole('list', { name: 'Working links' }).getByRole('listitem')).toContainText('1 of 5 uses');

    // Revoked (asked first), the link says why it no longer works.
    await again.getByRole('button', { name: /^Revoke link made / }).click();
    await expect(again.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await again.getByRole('button', { name: 'Revoke link' }).click();
    await expect(again.getByText('No working links.')).toBeVisible();
    await guest.goto(link);
    await expect(guest.getByRole('heading', { name: 'This invite link does not work' })).toBeVisible();
    await expect(guest.getByRole('alert')).toHaveText("This invite link was turned off by the group's owner.");
    await expect(guest.getByRole('link', { name: 'Back to your dashboard' })).toBeVisible();
  } finally {
    await Promise.all([owner, guest].map((page) => page.context().close()));
  }
});

test('the owner accepts one request to join and declines another; the owner leaving picks the next owner', async ({ browser }) => {
  const owner = await newPage(browser);
  const asker = await newPage(browser);
  const declined = await newPage(browser);
  const name = 'Constitution study hall';
  try {
    await signUpViaApi(owner, 'Omar', 'Owner');
    const { groupId, courseId } = await privateGroup(owner, name);
    const accepted = await signUpViaApi(asker, 'Ana', 'Asker');
    await joinCourseViaApi(asker, COURSE);
    const refused = await signUpViaApi(declined, 'Dev', 'Declined');
    await joinCourseViaApi(declined, COURSE);

    // Each asks from the group modal: Ask to join, then Request sent with Withdraw request.
    for (const page of [asker, declined]) {
      const modal = await openGroupModal(page, courseId, name);
      await expect(modal.getByText('This group is private')).toBeVisible();
      await modal.getByRole('button', { name: 'Ask to join' }).click();
      await expect(modal.getByText('Request sent')).toBeVisible();
      await expect(modal.getByRole('button', { name: 'Withdraw request' })).toBeFocused();
    }
    await snap(asker, 'invites-04-request-sent');
    // Withdrawn and asked again, the request still stands.
    const modal = asker.getByRole('dialog', { name });
    await modal.getByRole('button', { name: 'Withdraw request' }).click();
    await expect(modal.getByRole('button', { name: 'Ask to join' })).toBeFocused();
    await modal.getByRole('button', { name: 'Ask to join' }).click();
    await expect(modal.getByRole('button', { name: 'Withdraw request' })).toBeVisible();

    // The owner's groups list counts the requests.
    await owner.goto(`/course/${courseId}`);
    await expect(groupsPanel(owner).getByRole('button', { name: new RegExp(name) })).toContainText('2 requests');
    await expect(groupsPanel(owner).getByRole('button', { name: new RegExp(`${name}.*2 requests to join`) })).toBeVisible();

    // Accept one (the name opens their card), decline the other.
    const dialog = await openInvitePeople(owner, groupId);
    await expect(owner.getByRole('button', { name: 'Invite people 2 requests to join' })).toBeAttached();
    // The name button starts with the initials it shows, as on the Members panel.
    await dialog.getByRole('button', { name: `AA ${fullName(accepted)}`, exact: true }).click();
    await expect(owner.getByRole('dialog', { name: fullName(accepted) })).toBeVisible();
    await owner.keyboard.press('Escape');
    await expect(owner.getByRole('dialog', { name: fullName(accepted) })).toBeHidden();
    await expect(dialog).toBeVisible();
    await snap(owner, 'invites-05-requests');
    await dialog.getByRole('button', { name: `Accept ${fullName(accepted)}` }).click();
    await expect(dialog.getByRole('button', { name: `Accept ${fullName(accepted)}` })).toHaveCount(0);
    await dialog.getByRole('button', { name: `Decline ${fullName(refused)}` }).click();
    await expect(dialog.getByText('No one is asking to join right now.')).toBeVisible();
    await owner.keyboard.press('Escape');
    await expect(owner.getByRole('region', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);

    // The accepted student's modal, opened again, shows them a member; the declined one's says so, with no way to ask again.
    const acceptedModal = await openGroupModal(asker, courseId, name);
    await expect(acceptedModal.getByRole('link', { name: 'View Group' })).toBeVisible();
    await expect(acceptedModal.getByRole('button', { name: 'Leave Group' })).toBeVisible();
    const declinedModal = await openGroupModal(declined, courseId, name);
    await expect(declinedModal.getByText('The owner declined your request.')).toBeVisible();
    await expect(declinedModal.getByRole('button', { name: 'Ask to join' })).toHaveCount(0);
    await snap(declined, 'invites-06-declined');

    // The owner invites the declined student by username: they are invited, and accept from the modal.
    const invite = await openInvitePeople(owner, groupId);
    await invite.getByLabel('Username').fill('no_such_student_here');
    await invite.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(invite.getByText('No student of this group\'s course has the username "no_such_student_here".')).toBeVisible();
    await invite.getByLabel('Username').fill(refused.username);
    await invite.getByRole('button', { name: 'Invite', exact: true }).click();
    await expect(invite.getByRole('status').filter({ hasText: `Invited ${fullName(refused)}.` })).toBeVisible();
    await expect(invite.getByRole('button', { name: `Cancel invite to ${fullName(refused)}` })).toBeVisible();
    await owner.keyboard.press('Escape');
    await declined.goto(`/course/${courseId}`);
    await expect(groupsPanel(declined).getByRole('button', { name: new RegExp(name) })).toContainText('Invited');
    const invitedModal = await openGroupModal(declined, courseId, name);
    await expect(invitedModal.getByText('You’re invited')).toBeVisible();
    await invitedModal.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(invitedModal.getByRole('link', { name: 'View Group' })).toBeFocused();

    // The owner leaves: the dialog names the longest-standing member first; they pick the other one.
    await owner.goto(`/study-group/${groupId}`);
    await owner.getByRole('button', { name: 'Leave Group' }).click();
    const leave = owner.getByRole('dialog', { name: `Leave ${name}?` });
    const choices = leave.getByRole('group', { name: 'Next owner' });
    await expect(choices.getByRole('radio')).toHaveCount(2);
    await expect(choices.getByRole('radio', { name: new RegExp(fullName(accepted)) })).toBeChecked();
    await snap(owner, 'invites-07-leave-next-owner');
    await choices.getByRole('radio', { name: new RegExp(fullName(refused)) }).check();
    await leave.getByRole('button', { name: 'Leave Group' }).click();
    await expect(owner).toHaveURL(/\/(\?course=\d+)?$/);

    // The chosen member owns it now.
    await declined.goto(`/study-group/${groupId}`);
    await expect(declined.getByRole('button', { name: 'Edit group' })).toBeVisible();
    const members = declined.getByRole('region', { name: 'Members' });
    await expect(members.getByRole('listitem').filter({ hasText: 'You' })).toContainText('Owner');
  } finally {
    await Promise.all([owner, asker, declined].map((page) => page.context().close()));
  }
});
