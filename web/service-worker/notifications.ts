// Web push in the service worker: a push shows a notification (title, body,
// tag, the app's icon, the page to open), and a click on it focuses an open
// tab of the app, taken to that page, or opens a new window there. Only a
// path of this site is ever opened: a payload naming another origin, or
// nothing usable, opens the dashboard.

declare const self: ServiceWorkerGlobalScope;

export {};

/** Drawn at build time from favicon.svg (decision 0109's minimal-2023 preset). */
const ICON = '/pwa-192x192.png';
const BADGE = '/pwa-64x64.png';

interface PushPayload {
  title?: unknown;
  body?: unknown;
  url?: unknown;
  tag?: unknown;
}

/** The same-origin path to open: an absolute URL, a protocol-relative one or anything odd becomes the dashboard. */
function safePath(url: unknown): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return '/dashboard';
  const resolved = new URL(url, self.location.origin);
  return resolved.origin === self.location.origin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : '/dashboard';
}

function readPayload(event: PushEvent): PushPayload {
  try {
    return (event.data?.json() as PushPayload | null) ?? {};
  } catch {
    return { body: event.data?.text() };
  }
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() !== '' ? value : fallback);

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  event.waitUntil(
    self.registration.showNotification(text(payload.title, 'Study Swamp'), {
      body: text(payload.body, ''),
      tag: text(payload.tag, 'study-swamp'),
      icon: ICON,
      badge: BADGE,
      data: { url: safePath(payload.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = safePath((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(openPage(path));
});

/** Focuses a tab of the app (the one already on the page, else any), taken to the page; or opens one. */
async function openPage(path: string): Promise<void> {
  const target = new URL(path, self.location.origin).href;
  const tabs = (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (client) => new URL(client.url).origin === self.location.origin,
  );
  const tab = tabs.find((client) => client.url === target) ?? tabs[0];
  if (tab) {
    const focused = await tab.focus();
    if (focused.url !== target) await focused.navigate(target).catch(() => self.clients.openWindow(target));
    return;
  }
  await self.clients.openWindow(target);
}
