// Replies and reactions in Chromium, two students in two browser contexts: a
// reply made with Reply shows its quote to both; a quote of a message far up
// the room loads earlier history and scrolls to the original; a
// reaction is seen by the other at once, and theirs joins it.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { auditScreen } from './axe';
import { apiPost, joinCourseViaApi, SCREEN_SIZES, signUpViaApi, snap } from './e2e-support';

async function classmate(browser: Browser, firstName: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUpViaApi(page, firstName, 'Gator');
  return page;
}

const chatPanel = (page: Page) => page.getByRole('region', { name: 'Course Chat' });
const composer = (page: Page) => chatPanel(page).getByRole('textbox', { name: 'Message' });
const messageItem = (page: Page, text: string) => chatPanel(page).getByRole('log').getByRole('listitem').filter({ hasText: text });
const post = (page: Page, courseID: number, message: string, replyTo?: string) =>
  apiPost<{ id: string }>(page, '/api/insert-course-message/', { courseID, message, replyTo });

test('a reply shows its quote to both students, and a quote far up the room brings the original into view', async ({ browser }) => {
  // Five students sign up and 56 messages are posted.
  test.setTimeout(240_000);
  const ada = await classmate(browser, 'Ada');
  const bea = await classmate(browser, 'Bea');
  const course = await joinCourseViaApi(ada, 'COP4600');
  await joinCourseViaApi(bea, 'COP4600');
  const original = await post(ada, course.id, 'What does a semaphore protect?\nAsking for the quiz');
  await ada.goto(`/course/${course.id}`);
  await bea.goto(`/course/${course.id}`);

  await messageItem(bea, 'What does a semaphore protect?').getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(bea.getByRole('group', { name: 'Replying' })).toContainText('Replying to Ada Gator');
  await expect(composer(bea)).toBeFocused();
  await composer(bea).fill('A critical section');
  await composer(bea).press('Enter');
  await expect(bea.getByRole('group', { name: 'Replying' })).toHaveCount(0);
  const quote = /^Reply to Ada Gator: What does a semaphore protect\?/;
  await expect(messageItem(bea, 'A critical section').getByRole('button', { name: quote })).toBeVisible();
  // Ada sees the reply, quoting her as "You", live.
  await expect(
    messageItem(ada, 'A critical section').getByRole('button', { name: /^Reply to You: What does a semaphore protect\?/ }),
  ).toBeVisible();
  await snap(ada, 'chat-replies-01-quote');

  // 54 more messages (three classmates, 18 each), then a late reply: the original is no longer among the latest 50.
  const writers = [await classmate(browser, 'Ivy'), await classmate(browser, 'Jon'), await classmate(browser, 'Kai')];
  for (const writer of writers) await joinCourseViaApi(writer, 'COP4600');
  for (let i = 0; i < 54; i += 1) await post(writers[Math.floor(i / 18)], course.id, `Filler ${i}`);
  await post(bea, course.id, 'Also: it guards shared counters', original.id);
  await ada.goto(`/course/${course.id}`);
  // The page's load on a busy machine: its first render may take a while.
  await expect(messageItem(ada, 'Also: it guards shared counters')).toBeVisible({ timeout: 30_000 });
  await expect(chatPanel(ada).getByText('Asking for the quiz')).toHaveCount(0);
  await messageItem(ada, 'Also: it guards shared counters')
    .getByRole('button', { name: /^Reply to You: What does a semaphore/ })
    .click();
  const originalItem = chatPanel(ada).getByRole('listitem').filter({ hasText: 'Asking for the quiz' });
  await expect(originalItem).toBeInViewport({ timeout: 30_000 });
  await snap(ada, 'chat-replies-02-original-shown');
});

test('a reaction reaches the other student at once, and theirs joins it', async ({ browser }) => {
  test.setTimeout(120_000);
  const ada = await classmate(browser, 'Ada');
  const bea = await classmate(browser, 'Bea');
  const course = await joinCourseViaApi(ada, 'AMH2020');
  await joinCourseViaApi(bea, 'AMH2020');
  await post(ada, course.id, 'Review session Thursday at 7?');
  await ada.goto(`/course/${course.id}`);
  await bea.goto(`/course/${course.id}`);

  const beaItem = messageItem(bea, 'Review session Thursday');
  // By keyboard: the picker opens below the message with its first emoji focused; Escape closes it where it was opened.
  const addReaction = beaItem.getByRole('button', { name: 'Add reaction' });
  await addReaction.press('Enter');
  const picker = beaItem.getByRole('group', { name: 'Reactions' });
  await expect(picker.getByRole('button').first()).toBeFocused();
  await bea.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(addReaction).toBeFocused();
  await addReaction.press('Enter');
  await picker.getByRole('button', { name: 'React with 👍' }).press('Enter');
  await expect(beaItem.getByRole('button', { name: '👍 1, you' })).toHaveAttribute('aria-pressed', 'true');

  // Ada's long poll brings it: Bea's name on the button, not pressed for Ada.
  const adaButton = messageItem(ada, 'Review session Thursday').getByRole('button', { name: /^👍 1, Bea Gator$/ });
  await expect(adaButton).toHaveAttribute('aria-pressed', 'false');
  await adaButton.click();
  await expect(messageItem(ada, 'Review session Thursday').getByRole('button', { name: '👍 2, you and 1 other' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(beaItem.getByRole('button', { name: '👍 2, you and 1 other' })).toBeVisible();
  await snap(bea, 'chat-reactions-01-live');

  // The course chat's "Most useful" shelf has it; pressing it finds the message in the log.
  const shelf = ada.getByRole('button', { name: 'Most useful (1)' });
  await expect(shelf).toHaveAttribute('aria-expanded', 'false');
  await shelf.click();
  const entry = ada.getByRole('list', { name: 'Most useful messages' }).getByRole('button');
  await expect(entry).toContainText('Review session Thursday at 7?');
  await expect(entry).toContainText('👍 2');
  for (const size of SCREEN_SIZES) {
    await ada.setViewportSize(size);
    expect(await auditScreen(ada), `the shelf at ${size.width} px`).toEqual([]);
    await snap(ada, `chat-most-useful-${size.width}`);
  }
  await entry.click();
  await expect(messageItem(ada, 'Review session Thursday')).toBeFocused();

  // Taken off, for both.
  await beaItem.getByRole('button', { name: '👍 2, you and 1 other' }).click();
  await expect(messageItem(ada, 'Review session Thursday').getByRole('button', { name: '👍 1, you' })).toBeVisible();
});
