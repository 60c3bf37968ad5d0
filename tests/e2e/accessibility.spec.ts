// The accessibility audit: every screen, modal and popover checked by
// axe-core at 1280x800 and 360x740 against WCAG 2.0-2.2 A/AA and axe's best
// practices, with a full-page screenshot of each kept as an artifact
// (tests/.artifacts/screenshots/<project>-<screen>-<width>.png).
//
// The screens are one ordered list walked by three students in their own
// browser contexts (a visitor, a group's owner and a classmate), so each
// screen reuses what the ones before it set up: one course, one group, one
// meeting, and chats with messages of both students (runs under one author,
// your own apart). A violation does not stop the walk; every one is listed at
// the end. A screen still to come is an entry with `open: null` and a
// `pending` note; filling in its `open` (and `close`) is all it takes to audit it.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { EXPERIMENTAL_RULES, WCAG_TAGS } from './axe';
import { BIG_COURSE, BIG_COURSE_SECTIONS, WITHDRAWN_MEMBER } from './e2e-catalog';
import {
  apiPost,
  fillSignUpForm,
  joinCourseViaApi,
  logInWithRequest,
  SCREEN_SIZES,
  signUpViaApi,
  snap,
  waitForMail,
  withdrawnSection,
} from './e2e-support';

interface Walk {
  visitor: Page;
  owner: Page;
  classmate: Page;
  /** The seed's member of the section UF withdrew (tests/e2e/e2e-catalog.ts). */
  withdrawnMember: Page;
  courseId: number;
  groupId: number;
  /** The owner's address, where their verification mail goes. */
  ownerEmail: string;
  /** The classmate, as the owner's invites and answers name them. */
  classmateId: number;
  classmateUsername: string;
  /** The owner's private group, and an invite link of it. */
  privateGroupId: number;
  inviteLink: string;
}

type Student = 'visitor' | 'owner' | 'classmate' | 'withdrawnMember';

interface Screen {
  name: string;
  as: Student;
  /** Brings the screen up and waits until it is complete; null for a screen another issue adds. */
  open: ((walk: Walk, page: Page) => Promise<void>) | null;
  /** Why `open` is still null, and who fills it in. */
  pending?: string;
  /** Leaves the screen (closes its modal or popover) for the next one. */
  close?: (page: Page) => Promise<void>;
  /** Only on a phone: what sits behind the phone's tabs and disclosures. */
  phoneOnly?: true;
}

// A course no other spec uses, so the group made here shows in no other spec's lists.
const COURSE = { code: 'PSY2012', name: 'General Psychology' };

const escape = (page: Page) => page.keyboard.press('Escape');
const cancel = (page: Page) => page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
const groupsPanel = (page: Page) => page.getByRole('region', { name: 'Groups' });
const chatMessages = (page: Page) => page.getByRole('log').getByRole('listitem');
const toggleCourseDetails = (page: Page) => page.getByRole('button', { name: 'Course details' }).click();
const PRIVATE_GROUP = 'Quiz 3 circle';
/** The classmate's modal of the owner's private group, from the course page read afresh. */
async function openPrivateGroupModal(walk: Walk, page: Page) {
  await page.goto(`/course/${walk.courseId}`);
  await groupsPanel(page)
    .getByRole('button', { name: new RegExp(PRIVATE_GROUP) })
    .click();
  return page.getByRole('dialog', { name: PRIVATE_GROUP });
}

const SCREENS: Screen[] = [
  // Signed out.
  {
    name: 'landing',
    as: 'visitor',
    open: async (_, page) => {
      await page.goto('/');
      await expect(page.getByText('Created By')).toBeVisible();
    },
  },
  {
    name: 'log-in',
    as: 'visitor',
    open: async (_, page) => {
      await page.goto('/log-in');
      await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    },
  },
  {
    name: 'log-in-errors',
    as: 'visitor',
    open: async (_, page) => {
      await page.getByLabel('Username').fill('nobody_here');
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page.getByText('Invalid username or password')).toBeVisible();
    },
  },
  {
    name: 'sign-up',
    as: 'visitor',
    open: async (_, page) => {
      await page.goto('/sign-up');
      await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
    },
  },
  {
    name: 'sign-up-field-error',
    as: 'visitor',
    open: async (_, page) => {
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByText('Please enter first name')).toBeVisible();
    },
  },
  {
    name: 'sign-up-top-error',
    as: 'visitor',
    open: async (_, page) => {
      await page.route('**/api/signup/', (route) =>
        route.fulfill({ status: 500, json: { error: 'INTERNAL', message: 'Something went wrong' } }),
      );
      await fillSignUpForm(page, 'audit');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page.getByText('Please try again.')).toBeVisible();
    },
    close: (page) => page.unroute('**/api/signup/'),
  },
  {
    name: 'not-found',
    as: 'visitor',
    open: async (_, page) => {
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    },
  },
  {
    name: 'forgot-password',
    as: 'visitor',
    open: async (_, page) => {
      await page.goto('/forgot-password');
      await expect(page.getByRole('button', { name: 'Send me a link' })).toBeVisible();
    },
  },
  {
    name: 'forgot-password-sent',
    as: 'visitor',
    open: async (_, page) => {
      await page.getByLabel('Email address or username').fill('nobody_here');
      await page.getByRole('button', { name: 'Send me a link' }).click();
      await expect(page.getByRole('status')).toHaveText('If an account exists, we sent a link');
    },
  },
  {
    name: 'reset-password-link-invalid',
    as: 'visitor',
    open: async (_, page) => {
      await page.goto('/reset-password?token=not-a-real-token');
      await expect(page.getByText('This reset link has expired or was already used.')).toBeVisible();
    },
  },
  {
    name: 'reset-password',
    as: 'visitor',
    open: async (_, page) => {
      // The form a working link opens (the page's check answered as for one), then its refusal when the link is sent.
      await page.route('**/api/reset-link/**', (route) => route.fulfill({ json: { usable: true } }));
      await page.goto('/reset-password?token=not-a-real-token');
      await expect(page.getByRole('button', { name: 'Set new password' })).toBeVisible();
      await page.unroute('**/api/reset-link/**');
    },
  },
  {
    name: 'reset-password-refused',
    as: 'visitor',
    open: async (_, page) => {
      await page.getByLabel('New password').fill('a-new-password-1');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByText('This reset link has expired or was already used.')).toBeVisible();
    },
  },
  {
    name: 'verify-email-link-invalid',
    as: 'visitor',
    open: async (_, page) => {
      await page.goto('/verify-email?token=not-a-real-token');
      await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    },
  },

  // The owner, from no course to a group with a meeting.
  {
    name: 'dashboard-empty',
    as: 'owner',
    open: async (_, page) => {
      await page.goto('/');
      await expect(page.getByText('You have no courses.')).toBeVisible();
      await expect(page.getByText('Check your UF email to verify your account')).toBeVisible();
    },
  },
  {
    name: 'verify-banner-resent',
    as: 'owner',
    open: async (walk, page) => {
      await page.getByRole('region', { name: 'Email verification' }).getByRole('button', { name: 'Resend' }).click();
      await expect(page.getByRole('status').filter({ hasText: `We sent a new link to ${walk.ownerEmail}.` })).toBeVisible();
    },
  },
  {
    name: 'search-results',
    as: 'owner',
    open: async (_, page) => {
      await page.goto('/search-courses?code=COP3502C');
      await expect(page.getByRole('article').first()).toContainText('COP3502C');
    },
  },
  {
    // A course with more sections than a card lists (tests/e2e/e2e-catalog.ts): closed, then open.
    name: 'search-many-sections',
    as: 'owner',
    open: async (_, page) => {
      await page.goto(`/search-courses?q=${BIG_COURSE.code}&page=1`);
      await expect(page.getByRole('button', { name: `Show all ${BIG_COURSE_SECTIONS} sections` })).toBeVisible();
    },
  },
  {
    name: 'search-all-sections',
    as: 'owner',
    open: async (_, page) => {
      await page.getByRole('button', { name: `Show all ${BIG_COURSE_SECTIONS} sections` }).click();
      await expect(page.getByRole('list', { name: `Sections of ${BIG_COURSE.code} ${BIG_COURSE.name}` }).getByRole('listitem')).toHaveCount(
        BIG_COURSE_SECTIONS,
      );
      await expect(page.getByRole('button', { name: 'Show fewer' })).toBeVisible();
    },
  },
  {
    name: 'search-no-results',
    as: 'owner',
    open: async (_, page) => {
      await page.goto('/search-courses?name=no-such-course-anywhere');
      await expect(page.getByText('No courses match your search criteria. Please try again.')).toBeVisible();
    },
  },
  {
    // Numbers that join nothing, so the owner's courses stay as the screens after this one expect.
    name: 'search-add-my-classes',
    as: 'owner',
    open: async (_, page) => {
      await page.goto('/search-courses');
      const panel = page.getByRole('region', { name: 'Add my classes' });
      await expect(panel.getByLabel('Term')).toHaveValue(/\d{4}$/);
      await panel.getByLabel('Class numbers').fill('99999, abc');
      await panel.getByRole('button', { name: 'Add classes' }).click();
      await expect(panel.getByRole('list', { name: 'Added classes' }).getByRole('listitem')).toHaveCount(2);
    },
  },
  {
    name: 'dashboard-course',
    as: 'owner',
    open: async (walk, page) => {
      walk.courseId = (await joinCourseViaApi(page, COURSE.code)).id;
      await page.goto('/');
      await expect(page.getByRole('heading', { name: COURSE.name })).toBeVisible();
      await expect(groupsPanel(page)).toBeVisible();
    },
  },
  {
    name: 'user-menu',
    as: 'owner',
    open: async (_, page) => {
      await page.getByRole('button', { name: /user menu/i }).click();
      await expect(page.getByRole('region', { name: 'User Profile' }).getByText('Email')).toBeVisible();
    },
    close: escape,
  },
  {
    name: 'create-group-modal',
    as: 'owner',
    open: async (_, page) => {
      await groupsPanel(page).getByRole('button', { name: 'Create a study group' }).click();
      await expect(page.getByRole('dialog', { name: 'Create a Study Group' })).toBeVisible();
    },
    close: escape,
  },
  {
    name: 'dashboard-no-course-selected',
    as: 'owner',
    open: async (_, page) => {
      // On a phone the list of courses comes back in place of the course.
      await page.getByRole('region', { name: 'Selected course' }).getByRole('button', { name: 'Back to courses' }).click();
      await expect(page.getByText('Select one of your courses!')).toBeVisible();
    },
  },
  {
    name: 'course-member',
    as: 'owner',
    open: async (walk, page) => {
      const group = await apiPost<{ id: number }>(page, '/api/insert-study-group/', {
        courseID: walk.courseId,
        name: 'Exam 2 prep',
        description: 'Weekly problem sets before the exam',
      });
      walk.groupId = group.id;
      await apiPost(page, '/api/insert-course-message/', { courseID: walk.courseId, message: 'Anyone up for a study group?' });
      await page.goto(`/course/${walk.courseId}`);
      await expect(groupsPanel(page).getByRole('button', { name: /Exam 2 prep/ })).toBeVisible();
      await expect(chatMessages(page)).toHaveCount(1);
    },
  },
  {
    name: 'course-member-details',
    as: 'owner',
    phoneOnly: true,
    open: async (_, page) => {
      await toggleCourseDetails(page);
      await expect(page.getByRole('list', { name: 'Term, credits and instructors' })).toBeVisible();
    },
    close: toggleCourseDetails,
  },
  {
    name: 'course-member-groups-tab',
    as: 'owner',
    phoneOnly: true,
    open: async (_, page) => {
      await page.getByRole('tab', { name: 'Groups' }).click();
      await expect(groupsPanel(page).getByRole('button', { name: /Exam 2 prep/ })).toBeVisible();
    },
  },
  {
    name: 'course-member-students-tab',
    as: 'owner',
    phoneOnly: true,
    open: async (_, page) => {
      await page.getByRole('tab', { name: 'Students' }).click();
      await expect(page.getByRole('region', { name: 'Students' }).getByRole('button', { name: /Olivia Owner/ })).toBeVisible();
    },
  },
  {
    // A classmate's card on a course page names their sections of it.
    name: 'course-profile-card',
    as: 'owner',
    open: async (_, page) => {
      await page
        .getByRole('region', { name: 'Students' })
        .getByRole('button', { name: /Olivia Owner/ })
        .click();
      await expect(page.getByRole('dialog', { name: /Olivia Owner/ }).getByRole('list', { name: 'Sections' })).toBeVisible();
    },
    close: escape,
  },
  {
    // Leaving one's last section of a course leaves the course: asked first.
    name: 'confirm-leave-last-section',
    as: 'owner',
    open: async (_, page) => {
      await page.goto(`/search-courses?code=${COURSE.code}&page=1`);
      await page
        .getByRole('button', { name: new RegExp(`^Leave (section|class) \\S+ of ${COURSE.code}$`) })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: /^Leave (section|class) / })).toContainText(`leaves ${COURSE.code}:`);
    },
    close: cancel,
  },
  {
    name: 'group-owner',
    as: 'owner',
    open: async (walk, page) => {
      await apiPost(page, '/api/insert-study-group-meeting/', {
        studyGroupID: walk.groupId,
        day: 'Monday',
        time: '18:30',
        location: 'Marston Science Library',
      });
      for (const message of ['Welcome to the group!', 'Problem set 4 first?']) {
        await apiPost(page, '/api/insert-study-group-message/', { studyGroupID: walk.groupId, message });
      }
      await page.goto(`/study-group/${walk.groupId}`);
      await expect(page.getByRole('list', { name: 'Meetings' }).getByRole('listitem')).toHaveCount(1);
      await expect(chatMessages(page)).toHaveCount(2);
    },
  },
  {
    name: 'update-group-modal',
    as: 'owner',
    open: async (_, page) => {
      await page.getByRole('button', { name: 'Edit group' }).click();
      await expect(page.getByRole('dialog', { name: 'Update Group' })).toBeVisible();
    },
    close: escape,
  },
  {
    name: 'schedule-meeting-modal',
    as: 'owner',
    open: async (_, page) => {
      await page.getByRole('button', { name: 'Schedule a meeting' }).click();
      await expect(page.getByRole('dialog', { name: 'Schedule Meeting' })).toBeVisible();
    },
    close: escape,
  },
  {
    // Once: a date instead of a weekday and dates.
    name: 'schedule-meeting-once-modal',
    as: 'owner',
    open: async (_, page) => {
      await page.getByRole('button', { name: 'Schedule a meeting' }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule Meeting' });
      await dialog.getByLabel('Once').check();
      await expect(dialog.getByLabel('Date', { exact: true })).toBeVisible();
    },
    close: escape,
  },
  {
    // The owner cancels one date of the weekly meeting: asked first.
    name: 'confirm-cancel-meeting-date',
    as: 'owner',
    open: async (_, page) => {
      await page.getByRole('region', { name: 'Next meeting' }).getByRole('button', { name: 'Cancel this date' }).click();
      await expect(page.getByRole('dialog', { name: /^Cancel the meeting on / })).toBeVisible();
    },
    // Its confirm button says Cancel too: Escape answers no.
    close: escape,
  },
  {
    name: 'update-meeting-modal',
    as: 'owner',
    open: async (_, page) => {
      await page.getByRole('button', { name: /^Edit meeting on Monday/ }).click();
      await expect(page.getByRole('dialog', { name: 'Update Meeting' })).toBeVisible();
    },
    close: escape,
  },
  {
    name: 'confirm-delete-meeting',
    as: 'owner',
    open: async (_, page) => {
      await page.getByRole('button', { name: /^Edit meeting on Monday/ }).click();
      await page.getByRole('dialog', { name: 'Update Meeting' }).getByRole('button', { name: 'Delete Meeting' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete the meeting on Monday at 6:30 PM?' })).toBeVisible();
    },
    // Cancel goes back to Update Meeting, which Escape closes.
    close: async (page) => {
      await cancel(page);
      await expect(page.getByRole('dialog', { name: 'Update Meeting' })).toBeVisible();
      await escape(page);
    },
  },
  {
    name: 'confirm-leave-group',
    as: 'owner',
    open: async (_, page) => {
      // The owner is still alone, so leaving asks first (it would delete the group).
      await page.getByRole('button', { name: 'Leave Group' }).click();
      await expect(page.getByRole('dialog', { name: 'Leave and delete the group?' })).toBeVisible();
    },
    close: cancel,
  },
  {
    name: 'subscribe-dialog',
    as: 'owner',
    open: async (_, page) => {
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Subscribe in your calendar' }).getByRole('button', { name: 'Get my address' }),
      ).toBeVisible();
    },
  },
  {
    name: 'subscribe-address-made',
    as: 'owner',
    open: async (_, page) => {
      const dialog = page.getByRole('dialog', { name: 'Subscribe in your calendar' });
      await dialog.getByRole('button', { name: 'Get my address' }).click();
      await expect(dialog.getByLabel('Your calendar address')).toHaveValue(/\/api\/calendar-feed\/[\w-]{43}\.ics$/);
      await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
      await expect(dialog.getByRole('status').filter({ hasText: /Copied|press Ctrl\+C/ })).toBeVisible();
    },
  },
  {
    name: 'subscribe-renew-asked',
    as: 'owner',
    open: async (_, page) => {
      const dialog = page.getByRole('dialog', { name: 'Subscribe in your calendar' });
      await dialog.getByRole('button', { name: 'Get a new address' }).click();
      await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
    },
    close: async (page) => {
      await page.getByRole('dialog', { name: 'Subscribe in your calendar' }).getByRole('button', { name: 'Keep it' }).click();
      await escape(page);
    },
  },

  {
    // Leaving a course is asked first; its member's section UF withdrew is named (it cannot be joined again).
    name: 'confirm-leave-withdrawn-course',
    as: 'withdrawnMember',
    open: async (_, page) => {
      await page.goto(`/course/${(await withdrawnSection(page.context().browser()!)).id}`);
      await page.getByRole('button', { name: `Leave course ${BIG_COURSE.code}`, exact: true }).click();
      await expect(page.getByRole('dialog', { name: `Leave ${BIG_COURSE.code}?` })).toBeVisible();
    },
    close: cancel,
  },

  // The classmate: outside the course, then in it, then in the group.
  {
    // A section's link, shared: its course, with Join course.
    name: 'course-non-member-from-section-link',
    as: 'classmate',
    open: async (_, page) => {
      const withdrawn = await withdrawnSection(page.context().browser()!);
      await page.goto(`/course/${withdrawn.id}`);
      await expect(page).toHaveURL(new RegExp(`/course/${withdrawn.courseId}$`));
      await expect(page.getByRole('button', { name: `Join course ${BIG_COURSE.code}`, exact: true })).toBeVisible();
    },
  },
  {
    name: 'course-non-member',
    as: 'classmate',
    open: async (walk, page) => {
      await page.goto(`/course/${walk.courseId}`);
      await expect(page.getByRole('button', { name: `Join course ${COURSE.code}`, exact: true })).toBeVisible();
    },
  },
  {
    name: 'group-modal-non-member',
    as: 'classmate',
    open: async (walk, page) => {
      await joinCourseViaApi(page, COURSE.code);
      await page.goto(`/course/${walk.courseId}`);
      await groupsPanel(page)
        .getByRole('button', { name: /Exam 2 prep/ })
        .click();
      await expect(page.getByRole('dialog', { name: 'Exam 2 prep' }).getByRole('button', { name: 'Join Group' })).toBeVisible();
    },
  },
  {
    name: 'group-modal-member',
    as: 'classmate',
    open: async (_, page) => {
      await page.getByRole('dialog', { name: 'Exam 2 prep' }).getByRole('button', { name: 'Join Group' }).click();
      await expect(page.getByRole('dialog', { name: 'Exam 2 prep' }).getByRole('link', { name: 'View Group' })).toBeFocused();
    },
    close: escape,
  },
  {
    name: 'group-member',
    as: 'classmate',
    open: async (walk, page) => {
      await apiPost(page, '/api/insert-study-group-message/', { studyGroupID: walk.groupId, message: 'Sounds good, see you Monday' });
      await page.goto(`/study-group/${walk.groupId}`);
      await expect(page.getByRole('region', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);
      // The owner's two messages under one name (a button opening their card), then the classmate's own.
      await expect(chatMessages(page)).toHaveCount(3);
      await expect(page.getByRole('log').getByRole('button', { name: 'Olivia Owner' })).toHaveCount(1);
    },
  },
  {
    name: 'group-member-members-tab',
    as: 'classmate',
    phoneOnly: true,
    open: async (_, page) => {
      await page.getByRole('tab', { name: 'Members' }).click();
      await expect(page.getByRole('region', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);
    },
  },
  {
    name: 'group-member-details',
    as: 'classmate',
    phoneOnly: true,
    open: async (_, page) => {
      await page.getByRole('button', { name: 'Group details' }).click();
      await expect(page.getByRole('list', { name: 'Meetings' }).getByRole('listitem')).toHaveCount(1);
    },
  },
  {
    name: 'profile-card',
    as: 'classmate',
    open: async (_, page) => {
      await page
        .getByRole('region', { name: 'Members' })
        .getByRole('button', { name: /Olivia Owner/ })
        .click();
      await expect(page.getByRole('dialog', { name: /Olivia Owner/ })).toBeVisible();
    },
    close: escape,
  },
  // The live chat: edited, deleted, multi-line and mentioning messages, the edit field, the delete dialog, unread badges.
  {
    // The dashboard's course list, with the next meetings across the student's groups below it.
    name: 'dashboard-next-meetings',
    as: 'owner',
    open: async (_, page) => {
      await page.goto('/?course=none');
      await expect(page.getByRole('region', { name: 'Next meetings' }).getByRole('link', { name: 'Exam 2 prep' })).toBeVisible();
    },
  },
  {
    name: 'chat-messages',
    as: 'owner',
    open: async (walk, page) => {
      const post = (author: Page, message: string) =>
        apiPost<{ id: string }>(author, '/api/insert-study-group-message/', { studyGroupID: walk.groupId, message });
      const owner = ((await (await page.request.get('/api/is-authenticated/')).json()) as { user: { username: string } }).user.username;
      const welcome = await post(page, 'Welcome!\nAgenda: lab 3, then the quiz');
      await apiPost(page, '/api/edit-study-group-message/', {
        studyGroupID: walk.groupId,
        messageID: welcome.id,
        message: 'Welcome, all!\nAgenda: lab 3, then the quiz',
      });
      await post(walk.classmate, `@${owner} see you at 7`);
      const oops = await post(walk.classmate, 'Wrong group, sorry');
      await apiPost(walk.classmate, '/api/delete-study-group-message/', { studyGroupID: walk.groupId, messageID: oops.id });
      await post(walk.classmate, 'Bringing snacks');
      await page.goto(`/study-group/${walk.groupId}`);
      const chat = page.getByRole('region', { name: 'Group Chat' });
      await expect(chat.getByRole('listitem').filter({ hasText: 'see you at 7' }).locator('mark')).toBeVisible();
      await expect(chat.getByText('Message deleted')).toBeVisible();
      await chat.getByRole('listitem').filter({ hasText: 'Welcome, all!' }).hover();
    },
  },
  {
    name: 'chat-edit-message',
    as: 'owner',
    open: async (_, page) => {
      const chat = page.getByRole('region', { name: 'Group Chat' });
      const mine = chat.getByRole('listitem').filter({ hasText: 'Welcome, all!' });
      await mine.hover();
      await mine.getByRole('button', { name: 'Edit' }).click();
      await expect(chat.getByRole('textbox', { name: 'Edit message' })).toBeFocused();
    },
    close: escape,
  },
  {
    name: 'confirm-delete-message',
    as: 'owner',
    open: async (_, page) => {
      const theirs = page.getByRole('region', { name: 'Group Chat' }).getByRole('listitem').filter({ hasText: 'Bringing snacks' });
      await theirs.hover();
      await theirs.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete message?' })).toBeVisible();
    },
    close: cancel,
  },
  {
    name: 'dashboard-unread',
    as: 'classmate',
    open: async (walk, page) => {
      await apiPost(walk.owner, '/api/insert-course-message/', { courseID: walk.courseId, message: 'Anyone for the review session?' });
      await page.goto('/?course=none');
      await expect(page.getByRole('region', { name: 'Courses' }).getByRole('button', { name: /unread message/ })).toBeVisible();
    },
  },
  // The ways into a private group: the classmate asks, the owner's Invite people, a link, a decline, an invite, the invite page.
  {
    name: 'group-modal-private-ask',
    as: 'classmate',
    open: async (walk, page) => {
      const { id } = await apiPost<{ id: number }>(walk.owner, '/api/insert-study-group/', {
        courseID: walk.courseId,
        name: PRIVATE_GROUP,
        description: 'Practice quizzes, invite only',
      });
      walk.privateGroupId = id;
      await apiPost(walk.owner, '/api/update-study-group/', {
        studyGroupID: id,
        name: PRIVATE_GROUP,
        description: 'Practice quizzes, invite only',
        public: 0,
      });
      const modal = await openPrivateGroupModal(walk, page);
      await expect(modal.getByRole('button', { name: 'Ask to join' })).toBeVisible();
    },
  },
  {
    name: 'group-modal-request-sent',
    as: 'classmate',
    open: async (_, page) => {
      const modal = page.getByRole('dialog', { name: PRIVATE_GROUP });
      await modal.getByRole('button', { name: 'Ask to join' }).click();
      await expect(modal.getByRole('button', { name: 'Withdraw request' })).toBeFocused();
      await expect(modal.getByText('Request sent')).toBeVisible();
    },
    close: escape,
  },
  {
    name: 'course-owner-requests-badge',
    as: 'owner',
    open: async (walk, page) => {
      await page.goto(`/course/${walk.courseId}`);
      await expect(groupsPanel(page).getByRole('button', { name: /Quiz 3 circle.*1 request to join/ })).toBeVisible();
    },
  },
  {
    name: 'invite-people',
    as: 'owner',
    open: async (walk, page) => {
      await page.goto(`/study-group/${walk.privateGroupId}`);
      await page.getByRole('button', { name: 'Invite people 1 request to join' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite people' });
      await expect(dialog.getByRole('button', { name: 'Accept Carla Classmate' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Create link' })).toBeVisible();
    },
  },
  {
    name: 'invite-link-made',
    as: 'owner',
    open: async (walk, page) => {
      const dialog = page.getByRole('dialog', { name: 'Invite people' });
      await dialog.getByRole('button', { name: 'Create link' }).click();
      const field = dialog.getByLabel('Your new invite link');
      await expect(field).toHaveValue(/\/invite\//);
      walk.inviteLink = await field.inputValue();
      // Copied, or (where the clipboard is refused) selected to copy by hand: either says so.
      await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
      await expect(dialog.getByRole('status').filter({ hasText: /Copied|press Ctrl\+C/ })).toBeVisible();
    },
  },
  {
    name: 'invite-link-revoke-asked',
    as: 'owner',
    open: async (_, page) => {
      const dialog = page.getByRole('dialog', { name: 'Invite people' });
      await dialog.getByRole('button', { name: /^Revoke link made / }).click();
      await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
    },
    close: async (page) => {
      await page.getByRole('dialog', { name: 'Invite people' }).getByRole('button', { name: 'Keep it' }).click();
      await escape(page);
    },
  },
  {
    name: 'group-modal-declined',
    as: 'classmate',
    open: async (walk, page) => {
      await apiPost(walk.owner, '/api/answer-study-group-join-request/', {
        studyGroupID: walk.privateGroupId,
        studentID: walk.classmateId,
        accept: false,
      });
      const modal = await openPrivateGroupModal(walk, page);
      await expect(modal.getByText('The owner declined your request.')).toBeVisible();
    },
    close: escape,
  },
  {
    name: 'group-modal-invited',
    as: 'classmate',
    open: async (walk, page) => {
      await apiPost(walk.owner, '/api/insert-study-group-invite/', { studyGroupID: walk.privateGroupId, username: walk.classmateUsername });
      const modal = await openPrivateGroupModal(walk, page);
      await expect(modal.getByText('You’re invited')).toBeVisible();
      await expect(modal.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();
    },
    close: escape,
  },
  {
    name: 'invite-people-invited',
    as: 'owner',
    open: async (_, page) => {
      await page.reload();
      await page.getByRole('button', { name: /^Invite people/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite people' });
      await expect(dialog.getByRole('button', { name: 'Cancel invite to Carla Classmate' })).toBeVisible();
    },
    close: escape,
  },
  {
    name: 'invite-page-visitor',
    as: 'visitor',
    open: async (walk, page) => {
      await page.goto(walk.inviteLink);
      await expect(page.getByRole('heading', { level: 1, name: PRIVATE_GROUP })).toBeVisible();
      await expect(page.getByRole('main').getByRole('link', { name: 'Sign up' })).toBeVisible();
    },
  },
  {
    // A signed-in student of another course: joining would add the course too.
    name: 'invite-page-signed-in',
    as: 'withdrawnMember',
    open: async (walk, page) => {
      await page.goto(walk.inviteLink);
      await expect(page.getByRole('button', { name: `Join ${PRIVATE_GROUP}` })).toBeVisible();
      await expect(page.getByText(`You are not in ${COURSE.code} yet`)).toBeVisible();
    },
  },
  {
    name: 'invite-page-link-invalid',
    as: 'visitor',
    open: async (_, page) => {
      await page.goto('/invite/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
      await expect(page.getByRole('heading', { name: 'This invite link does not work' })).toBeVisible();
    },
  },
  {
    // The owner of a group with another member picks who owns it next.
    name: 'confirm-leave-next-owner',
    as: 'owner',
    open: async (walk, page) => {
      await page.goto(`/study-group/${walk.groupId}`);
      await page.getByRole('button', { name: 'Leave Group' }).click();
      const dialog = page.getByRole('dialog', { name: 'Leave Exam 2 prep?' });
      await expect(dialog.getByRole('radio', { name: /Carla Classmate/ })).toBeChecked();
    },
    close: cancel,
  },
  {
    name: 'confirm-leave-member',
    as: 'classmate',
    open: async (walk, page) => {
      await page.goto(`/study-group/${walk.groupId}`);
      await page.getByRole('button', { name: 'Leave Group' }).click();
      await expect(page.getByRole('dialog', { name: 'Leave Exam 2 prep?' })).toBeVisible();
    },
    close: cancel,
  },
  {
    name: 'confirm-remove-member',
    as: 'owner',
    open: async (walk, page) => {
      await page.goto(`/study-group/${walk.groupId}`);
      await page.getByRole('button', { name: /^Remove .*Carla/ }).click();
      await expect(page.getByRole('dialog', { name: 'Remove member' })).toBeVisible();
    },
    close: cancel,
  },
  {
    // Find a time, with proposals: the classmate's busy times make near misses that name who is busy.
    name: 'find-a-time',
    as: 'owner',
    open: async (walk, page) => {
      await apiPost(walk.classmate, '/api/update-busy-times/', {
        busy: [1, 2, 3, 4, 5].map((day) => ({ day, start: '08:00', end: '12:00' })),
      });
      await page.getByRole('button', { name: 'Find a time' }).click();
      const dialog = page.getByRole('dialog', { name: 'Find a time' });
      await expect(dialog.getByRole('list', { name: 'Suggested times, best first' }).getByRole('listitem').first()).toBeVisible();
      await expect(dialog.getByRole('button', { name: /^Schedule this: / }).first()).toBeVisible();
    },
    close: escape,
  },
  {
    name: 'profile',
    as: 'owner',
    open: async (_, page) => {
      await page.goto('/profile');
      await expect(page.getByRole('button', { name: 'Save Profile' })).toBeVisible();
    },
  },
  {
    // The busy grid: two stretches saved, then one running backwards, refused in the server's words.
    name: 'profile-busy-times',
    as: 'owner',
    open: async (_, page) => {
      const busy = page.getByRole('region', { name: 'When you’re busy' });
      const add = busy.getByRole('button', { name: 'Add a busy time' });
      await add.click();
      await add.click();
      await busy.getByLabel('Busy time 2: day').selectOption('Thursday');
      await busy.getByRole('button', { name: 'Save busy times' }).click();
      await expect(busy.getByRole('status')).toHaveText('Saved.');
      await expect(busy.getByRole('list', { name: 'Weekly busy times' }).getByRole('listitem')).toHaveCount(2);
    },
  },
  {
    name: 'profile-busy-times-refused',
    as: 'owner',
    open: async (_, page) => {
      const busy = page.getByRole('region', { name: 'When you’re busy' });
      await busy.getByRole('listitem').nth(1).getByLabel('To').fill('08:00');
      await busy.getByRole('button', { name: 'Save busy times' }).click();
      await expect(busy.getByRole('alert')).toBeVisible();
    },
  },
  {
    name: 'profile-field-error',
    as: 'owner',
    open: async (_, page) => {
      await page.getByLabel('First Name').fill('');
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await expect(page.getByText('Please enter first name')).toBeVisible();
    },
  },
  {
    name: 'profile-saved',
    as: 'owner',
    open: async (_, page) => {
      await page.getByLabel('First Name').fill('Olivia');
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await expect(page.getByText('Your profile was saved.')).toBeVisible();
    },
  },
  {
    name: 'change-password-error',
    as: 'owner',
    open: async (_, page) => {
      await page.getByLabel('Current password').fill('not-my-password');
      await page.getByLabel('New password').fill('another-password-2');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByText('That is not your current password.')).toBeVisible();
    },
  },
  {
    name: 'confirm-delete-account',
    as: 'owner',
    open: async (_, page) => {
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
    },
    close: cancel,
  },
  {
    name: 'verify-email-done',
    as: 'owner',
    open: async (walk, page) => {
      // The newest of the owner's links (sign-up's, then Resend's).
      const mail = await waitForMail(page, walk.ownerEmail, 2);
      await page.goto(mail.link);
      await expect(page.getByRole('heading', { name: 'Email address verified' })).toBeVisible();
    },
  },
  {
    name: 'verify-email-again',
    as: 'owner',
    open: async (walk, page) => {
      await page.goto((await waitForMail(page, walk.ownerEmail, 2)).link);
      await expect(page.getByRole('heading', { name: 'Email address already verified' })).toBeVisible();
    },
  },
];

/**
 * One line per element that breaks a rule: what a maintainer needs to find and fix it (the rule, its
 * impact, axe's selector, the element's opening markup, since CSS module class names are hashed, and
 * the rule's help page).
 */
function describeViolations(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const markup = node.html.length > 140 ? `${node.html.slice(0, 140)}...` : node.html;
      return `${violation.id} [${violation.impact ?? 'unknown impact'}] ${node.target.join(' ')} ${markup}: ${violation.help} (${violation.helpUrl})`;
    }),
  );
}

/** Screenshots the screen and runs axe on it at each size; a violation is recorded, and the walk goes on. */
async function audit(page: Page, screen: string, sizes: readonly { width: number; height: number }[] = SCREEN_SIZES): Promise<void> {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.fonts.ready);
    await snap(page, `${screen}-${size.width}`);
    const { violations } = await new AxeBuilder({ page }).options({ rules: EXPERIMENTAL_RULES }).withTags(WCAG_TAGS).analyze();
    expect.soft(describeViolations(violations), `axe violations on "${screen}" at ${size.width}x${size.height}`).toEqual([]);
  }
}

// A step that cannot find its control fails in seconds, not at the walk's deadline.
test.use({ actionTimeout: 20_000 });

async function newStudentPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('every screen has no accessibility violation at 1280 and 360 px', async ({ browser }) => {
  // 80 screens, most at two sizes: 7 minutes alone on a quiet 2-core machine, about 18 beside the services project's
  // e2e in CI. Generous, as a walk cut short by its deadline tells nothing about the screens it did not reach.
  test.setTimeout(2_400_000);
  const visitor = await newStudentPage(browser);
  const owner = await newStudentPage(browser);
  const classmate = await newStudentPage(browser);
  const withdrawnMember = await newStudentPage(browser);
  try {
    await logInWithRequest(withdrawnMember, WITHDRAWN_MEMBER.username, WITHDRAWN_MEMBER.password);
    // The owner's address stays unverified until the last screen, so every owner screen is audited with the banner.
    const { email: ownerEmail } = await signUpViaApi(owner, 'Olivia', 'Owner', '/', { verified: false });
    const { id: classmateId, username: classmateUsername } = await signUpViaApi(classmate, 'Carla', 'Classmate', '/');
    const walk: Walk = {
      visitor,
      owner,
      classmate,
      withdrawnMember,
      courseId: 0,
      groupId: 0,
      ownerEmail,
      classmateId,
      classmateUsername,
      privateGroupId: 0,
      inviteLink: '',
    };

    for (const screen of SCREENS) {
      if (!screen.open) {
        test.info().annotations.push({ type: 'screen not audited yet', description: `${screen.name}: ${screen.pending}` });
        continue;
      }
      const page = walk[screen.as];
      await test.step(screen.name, async () => {
        const sizes = screen.phoneOnly ? SCREEN_SIZES.filter((size) => size.width < 640) : SCREEN_SIZES;
        await page.setViewportSize(sizes[0]);
        await screen.open!(walk, page);
        await audit(page, screen.name, sizes);
        await screen.close?.(page);
      });
    }
  } finally {
    await Promise.all([visitor, owner, classmate, withdrawnMember].map((page) => page.context().close()));
  }
});
