// The service worker's push and notification click (web/service-worker/notifications.ts), on a
// stand-in for the worker's global: a push shows the payload's title, body and tag with the page
// to open (only a page of this site); a click focuses the app's tab already on that page, else
// takes another tab of the app there, else opens a window. (Chromium shows a delivered push in
// tests/e2e/push-notifications.spec.ts; a notification cannot be clicked there from a test.)
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const ORIGIN = 'https://swamp.example.edu';

interface FakeTab {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

const listeners = new Map<string, (event: unknown) => void>();
const shown: { title: string; options: NotificationOptions }[] = [];
let tabs: FakeTab[] = [];
const openWindow = vi.fn(async (url: string) => ({ url }));

function tab(path: string): FakeTab {
  const fake: FakeTab = {
    url: `${ORIGIN}${path}`,
    focus: vi.fn(async () => fake),
    navigate: vi.fn(async (url: string) => ({ ...fake, url })),
  };
  return fake;
}

/** Dispatches `type` to the worker's listener and waits for what it asked to wait for. */
async function dispatch(type: string, event: object): Promise<void> {
  let waited: Promise<unknown> = Promise.resolve();
  listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (waited = promise) });
  await waited;
}

const push = (payload: unknown) =>
  dispatch('push', {
    data: {
      json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload),
      text: () => (typeof payload === 'string' ? payload : JSON.stringify(payload)),
    },
  });

const click = (url: unknown) => dispatch('notificationclick', { notification: { data: { url }, close: vi.fn() } });

beforeAll(async () => {
  Object.assign(globalThis, {
    self: {
      location: new URL(ORIGIN),
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      registration: { showNotification: async (title: string, options: NotificationOptions) => void shown.push({ title, options }) },
      clients: { matchAll: async () => tabs, openWindow },
    },
  });
  // Named by a variable: the worker's file is typed by its own project (the WebWorker library), not by the tests'.
  const worker = '../../web/service-worker/notifications';
  await import(/* @vite-ignore */ worker);
});

beforeEach(() => {
  shown.length = 0;
  tabs = [];
  openWindow.mockClear();
});

describe('a push', () => {
  it('shows the payload as a notification, with the page it opens', async () => {
    await push({ title: 'Exam 1 Crammers', body: '3 new messages, 1 mentions you', url: '/study-group/34', tag: 'group-34' });
    expect(shown).toEqual([
      {
        title: 'Exam 1 Crammers',
        options: expect.objectContaining({ body: '3 new messages, 1 mentions you', tag: 'group-34', data: { url: '/study-group/34' } }),
      },
    ]);
  });

  it.each([
    ['another site', 'https://evil.example/login'],
    ['a protocol-relative address', '//evil.example/login'],
    ['a backslash trick', '/\\evil.example'],
    ['no address', undefined],
    ['a number', 42],
  ])('with %s opens the dashboard', async (_, url) => {
    await push({ title: 'Study Swamp', body: 'x', url, tag: 't' });
    expect(shown[0].options.data).toEqual({ url: '/dashboard' });
  });

  it('that is not JSON still shows, its text as the body, under the app name', async () => {
    await push('{not json');
    expect(shown[0]).toMatchObject({ title: 'Study Swamp', options: { body: '{not json', tag: 'study-swamp' } });
  });
});

describe('a click on a notification', () => {
  it('focuses the tab already on its page', async () => {
    tabs = [tab('/dashboard'), tab('/study-group/34')];
    await click('/study-group/34');
    expect(tabs[1].focus).toHaveBeenCalled();
    expect(tabs[1].navigate).not.toHaveBeenCalled();
    expect(tabs[0].focus).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('takes another tab of the app to the page when none is on it', async () => {
    tabs = [tab('/dashboard')];
    await click('/course/12');
    expect(tabs[0].focus).toHaveBeenCalled();
    expect(tabs[0].navigate).toHaveBeenCalledWith(`${ORIGIN}/course/12`);
  });

  it('opens a window on the page when the app is not open, and never another site', async () => {
    await click('/course/12');
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/course/12`);
    await click('https://evil.example/');
    expect(openWindow).toHaveBeenLastCalledWith(`${ORIGIN}/dashboard`);
  });
});
