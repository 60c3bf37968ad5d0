// "@" and a name in the chat box (issue 27): the room's people are offered by
// first name, last name or username, chosen with the keyboard or a tap, and
// the chosen one's @username goes in; the student mentioned sees it marked.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { auditScreen } from './axe';
import { expectNoHorizontalOverflow, joinCourseViaApi, SCREEN_SIZES, signUpViaApi, snap, type E2eStudent } from './e2e-support';

async function student(browser: Browser, first: string, last: string): Promise<{ page: Page; who: E2eStudent }> {
  const page = await (await browser.newContext()).newPage();
  return { page, who: await signUpViaApi(page, first, last) };
}

const box = (page: Page) => page.getByRole('region', { name: 'Course Chat' }).getByRole('textbox', { name: 'Message' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'People to mention' });

test('@ and part of a name offers the room’s people; Enter or a tap puts their @username in', async ({ browser }) => {
  const ada = await student(browser, 'Ada', 'Mentions');
  const ben = await student(browser, 'Ben', 'Carter');
  const bertha = await student(browser, 'Bertha', 'Carvalho');
  const course = await joinCourseViaApi(ada.page, 'PHY2049');
  await joinCourseViaApi(ben.page, 'PHY2049');
  await joinCourseViaApi(bertha.page, 'PHY2049');
  await ada.page.goto(`/course/${course.id}`);
  await ben.page.goto(`/course/${course.id}`);

  // A first name, any case: both B-names are offered, with their usernames; Ada is not.
  await box(ada.page).fill('Quiz tomorrow, @be');
  await expect(suggestions(ada.page).getByRole('option')).toHaveText([
    `Ben Carter @${ben.who.username}`,
    `Bertha Carvalho @${bertha.who.username}`,
  ]);
  await expect(box(ada.page)).toHaveAttribute('aria-activedescendant', /.+/);
  for (const size of SCREEN_SIZES) {
    await ada.page.setViewportSize(size);
    await expect(suggestions(ada.page)).toBeInViewport();
    await expectNoHorizontalOverflow(ada.page, `mention list at ${size.width}px`);
    await snap(ada.page, `chat-mentions-list-${size.width}`);
    expect(await auditScreen(ada.page), `axe violations at ${size.width}px`).toEqual([]);
  }
  await ada.page.setViewportSize(SCREEN_SIZES[0]);

  // Down, then Enter picks Bertha (Enter does not send while the list is open).
  await box(ada.page).press('ArrowDown');
  await expect(suggestions(ada.page).getByRole('option', { selected: true })).toContainText('Bertha Carvalho');
  await box(ada.page).press('Enter');
  await expect(suggestions(ada.page)).toBeHidden();
  await expect(box(ada.page)).toHaveValue(`Quiz tomorrow, @${bertha.who.username} `);

  // A last name, and a tap.
  await box(ada.page).pressSequentially('and @cart');
  await expect(suggestions(ada.page).getByRole('option')).toHaveText([`Ben Carter @${ben.who.username}`]);
  await suggestions(ada.page)
    .getByRole('option', { name: /Ben Carter/ })
    .click();
  await expect(box(ada.page)).toHaveValue(`Quiz tomorrow, @${bertha.who.username} and @${ben.who.username} `);
  await expect(box(ada.page)).toBeFocused();

  // Escape closes the list and leaves what was typed.
  await box(ada.page).pressSequentially('@nobody-here @b');
  await expect(suggestions(ada.page)).toBeVisible();
  await box(ada.page).press('Escape');
  await expect(suggestions(ada.page)).toBeHidden();
  await box(ada.page).press('Backspace');
  await box(ada.page).press('Backspace');
  await box(ada.page).press('Enter');

  // Ben sees himself mentioned.
  const sent = ben.page.getByRole('region', { name: 'Course Chat' }).getByRole('listitem').filter({ hasText: 'Quiz tomorrow' });
  await expect(sent.locator('mark')).toHaveText(`@${ben.who.username}`);
  for (const page of [ada.page, ben.page, bertha.page]) await page.context().close();
});
