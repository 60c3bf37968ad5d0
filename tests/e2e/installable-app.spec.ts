// The installable app (issue 26): the web app manifest and its icons, the
// service worker that keeps the app shell (never an API answer) and opens the
// app offline, and "Reload to update" when a new build's worker is waiting.
// Only here may the service worker run (tests/playwright.config.ts blocks it
// elsewhere); the update test rewrites dist/web/sw.js for a moment, so this
// spec runs on the embedded project only.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { auditScreen } from './axe';
import { SCREEN_SIZES, signUpViaApi, snap } from './e2e-support';

test.use({ serviceWorkers: 'allow' });

const SW_FILE = path.resolve(import.meta.dirname, '../../dist/web/sw.js');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Opens `where` and waits until the service worker controls the page (a first visit installs it; it claims on the next load). */
async function openControlled(page: Page, where: string): Promise<void> {
  await page.goto(where);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

test('the manifest names the app and points at icons of the sizes phones ask for', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await answer.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Study Swamp',
    short_name: 'Study Swamp',
    start_url: '/',
    display: 'standalone',
    theme_color: '#12372a',
  });
  const sizes = manifest.icons.map((icon) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const image = await request.get(`/${icon.src}`);
    expect(image.status(), icon.src).toBe(200);
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(await image.body()), icon.src).toEqual({ width, height });
  }
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(pngSize(await (await request.get(touchIcon!)).body())).toEqual({ width: 180, height: 180 });
});

test('the service worker keeps the app shell, never an API answer, and opens the app offline', async ({ page, context, request }) => {
  const worker = await request.get('/sw.js');
  // Browsers look for a new worker on each visit; a cached one would hold a deployment back.
  expect(worker.headers()['cache-control']).toBe('no-cache');

  await signUpViaApi(page, 'Wren', 'Offline');
  await openControlled(page, '/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeAttached();
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const entry of await (await caches.open(name)).keys()) urls.push(new URL(entry.url).pathname);
    }
    return urls;
  });
  expect(cached).toEqual(expect.arrayContaining(['/index.html', '/manifest.webmanifest']));
  expect(cached.some((url) => url.startsWith('/assets/') && url.endsWith('.js'))).toBe(true);
  expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);

  // Offline, a deep link still opens the app: the shell from the cache, then the app says it cannot reach the server.
  await context.setOffline(true);
  await page.goto('/profile');
  await expect(page.getByText('Still trying to reach Study Swamp. This page will continue on its own.')).toBeVisible({ timeout: 20_000 });
  await snap(page, 'installable-app-offline');
  // Back online, it carries on by itself.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible({ timeout: 20_000 });
});

test('a new build offers "Reload to update", and the reload brings it in', async ({ page }) => {
  const original = readFileSync(SW_FILE, 'utf8');
  try {
    await openControlled(page, '/');
    const firstWorker = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.state));
    expect(firstWorker).toBe('activated');
    await expect(page.getByText('A new version of Study Swamp is ready.')).toBeHidden();

    // A deployment: the worker script changes (as a build with new assets changes its precache list).
    writeFileSync(SW_FILE, `${original}\n// e2e deployment ${Date.now()}\n`);
    await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.update()));
    await expect(page.getByText('A new version of Study Swamp is ready.')).toBeVisible();
    for (const size of SCREEN_SIZES) {
      await page.setViewportSize(size);
      await snap(page, `installable-app-update-${size.width}`);
      expect(await auditScreen(page), `axe violations at ${size.width}px`).toEqual([]);
    }

    await page.getByRole('button', { name: 'Reload to update' }).click();
    await page.waitForLoadState('load');
    await expect(page.getByRole('heading', { name: 'Study Swamp' })).toBeVisible();
    await expect(page.getByText('A new version of Study Swamp is ready.')).toBeHidden();
    // The new worker is the one in charge, and none is left waiting.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then((r) => [r.active?.state, r.waiting === null])))
      .toEqual(['activated', true]);
  } finally {
    writeFileSync(SW_FILE, original);
  }
});
