// `npm run bench:client`: what a student's first visit costs on a phone-like
// connection, with the client's script and stylesheet sent precompressed
// (brotli or gzip, written by the build) beside the same build sent as it is
// (a browser that accepts only `identity`: what every browser got before),
// alternating in one run against one built server. A benchmark, not a test:
// it prints figures for the README.
//
// Throttling is Lighthouse's mobile profile ("Slow 4G": 150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower), applied through the
// DevTools protocol; each load starts with an empty cache.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { buildAll, isBuildCurrent } from '@adapters/cli/build.mjs';
import { startAppProcess } from '@tests/support/app-process';
import { HttpSession, newStudent } from '@tests/support/http-session';
import { CHROMIUM_ARGS, systemChromium } from '@tests/support/chromium';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

interface Variant {
  name: string;
  /** undefined: the browser's own header (gzip, deflate, br, zstd). */
  acceptEncoding?: string;
}

const VARIANTS: Variant[] = [{ name: 'as built, uncompressed (before)', acceptEncoding: 'identity' }, { name: 'precompressed (brotli)' }];

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  /** Resolves when the screen is usable. */
  ready(page: Page): Promise<void>;
}

const SCREENS: Screen[] = [
  {
    name: 'landing (first visit)',
    path: '/',
    signedIn: false,
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Study Swamp' }).waitFor(),
  },
  {
    name: 'dashboard (signed in, one course)',
    path: '/',
    signedIn: true,
    ready: (page) => page.getByRole('textbox', { name: 'Message' }).first().waitFor(),
  },
];

interface Load {
  ms: number;
  bytes: number;
}

async function load(
  browser: Browser,
  baseURL: string,
  variant: Variant,
  screen: Screen,
  cookies: Parameters<BrowserContext['addCookies']>[0],
): Promise<Load> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    extraHTTPHeaders: variant.acceptEncoding ? { 'Accept-Encoding': variant.acceptEncoding } : {},
  });
  try {
    if (screen.signedIn) await context.addCookies(cookies);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
    });
    const started = performance.now();
    await page.goto(screen.path, { waitUntil: 'commit' });
    await screen.ready(page);
    const ms = performance.now() - started;
    return { ms, bytes };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (!(await isBuildCurrent())) await buildAll();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ss-client-bench-'));
const app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', EMAIL_VERIFICATION: 'optional' }, { built: true });
const browser = await chromium.launch({ executablePath: systemChromium(), args: CHROMIUM_ARGS });
try {
  // One student with one course, signed in once; each signed-in load reuses the cookie.
  const student = new HttpSession(app.url);
  await student.signUp(newStudent());
  const found = await student.post('/api/filter-courses/', { courseCode: 'COP3502C' });
  await student.post('/api/insert-course-member/', { courseID: found.body.courses[0].id });
  const cookies = [...student.cookies].map(([name, value]) => ({ name, value, url: app.url }));

  console.log(
    `Client first load at 360 px, Lighthouse's mobile throttling (150 ms RTT, 1.6 Mbit/s, CPU ${CPU_SLOWDOWN}x), empty cache, ` +
      `median of ${RUNS} alternating runs (${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)})\n`,
  );
  console.log('| screen | sent | bytes over the wire | time until usable | vs before |');
  console.log('|---|---|---:|---:|---:|');
  for (const screen of SCREENS) {
    const results = new Map<Variant, Load[]>(VARIANTS.map((variant) => [variant, []]));
    // A warm-up load of each, not counted (the server's first answers, the page cache).
    for (const variant of VARIANTS) await load(browser, app.url, variant, screen, cookies);
    for (let run = 0; run < RUNS; run += 1) {
      for (const variant of VARIANTS) results.get(variant)!.push(await load(browser, app.url, variant, screen, cookies));
    }
    const before = median(results.get(VARIANTS[0])!.map((r) => r.ms));
    for (const variant of VARIANTS) {
      const loads = results.get(variant)!;
      const ms = median(loads.map((r) => r.ms));
      const kb = median(loads.map((r) => r.bytes)) / 1024;
      console.log(
        `| ${screen.name} | ${variant.name} | ${kb.toFixed(0)} KB | ${(ms / 1000).toFixed(2)} s | ${(ms / before).toFixed(2)}x |`,
      );
    }
  }
} finally {
  await browser.close();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
