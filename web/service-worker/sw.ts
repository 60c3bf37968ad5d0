// The service worker (built by vite-plugin-pwa from this file, served as
// /sw.js): it keeps the app shell and the built assets (the precache list the
// build writes into self.__WB_MANIFEST) so the app opens from the home screen
// and offline, and answers every navigation outside /api/ with the cached
// index.html, as the server does. It never caches an API answer: those go to
// the network as if it were not there. A new build's worker waits until the
// page asks it to take over ("Reload to update", web/src/app/update-prompt.tsx).
// Pushes and notification clicks: notifications.ts.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
// Notifications: a push shows one; a click opens its page.
import './notifications';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api(\/|$)/] }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
