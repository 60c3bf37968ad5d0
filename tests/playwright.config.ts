// e2e in Chromium against the built client and the real server: the embedded
// default always, and Postgres + Redis when TEST_DATABASE_URL / TEST_REDIS_URL are set.
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, systemChromium } from './support/chromium';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(root, 'tests/.artifacts');
const services = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

// E2E_PORT_BASE lets two checkouts run their e2e suites side by side.
const portBase = Number(process.env.E2E_PORT_BASE ?? 3101);
// E2E_PROJECT=embedded|services runs one project (tests/support/run-e2e.mjs runs
// each in a process of its own, side by side); unset, both run in this one.
const only = process.env.E2E_PROJECT;
const servers = [{ name: 'embedded', port: portBase }, ...(services ? [{ name: 'services', port: portBase + 1 }] : [])].filter(
  ({ name }) => !only || name === only,
);
const suffix = only ? `-${only}` : '';
/** What these check happens in the browser: the server behind is the same whichever mode it runs in. */
const CLIENT_ONLY = ['**/chat-drafts.spec.ts', '**/chat-mentions.spec.ts', '**/modal-back.spec.ts', '**/people.spec.ts'];

export default defineConfig({
  testDir: path.join(root, 'tests/e2e'),
  outputDir: path.join(artifacts, `e2e-results${suffix}`),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Two projects run side by side on a 2-core CI machine, each with its server and Chromium: a test of three
  // students signing up, a live chat and two axe audits can take a minute there.
  timeout: 120_000,
  reporter: [['list'], ['json', { outputFile: path.join(artifacts, `playwright${suffix || '-results'}.json`) }]],
  use: {
    ...devices['Desktop Chrome'],
    // What each test saves costs CPU the two projects side by side do not have to spare (on chat-live.spec.ts: 223
    // CPU-seconds with a screenshot after every test and a trace with its screencast kept on failure, 143 with neither):
    // a screenshot when a test fails, and the screens the specs choose (snap); a trace when asked for (--trace on).
    screenshot: 'only-on-failure',
    // The app's service worker (web/service-worker/sw.ts) would answer navigations from its cache and
    // outlive a test's server state; only tests/e2e/installable-app.spec.ts lets it run.
    serviceWorkers: 'block',
    launchOptions: {
      // Browser downloads are unavailable here; use Debian's Chromium when present.
      executablePath: systemChromium(),
      args: CHROMIUM_ARGS,
    },
  },
  projects: servers.map(({ name, port }) => ({
    name,
    use: { baseURL: `http://127.0.0.1:${port}` },
    // The accessibility audit checks markup, and the installable app and push the built client and its
    // service worker (installable-app.spec.ts rewrites dist/web/sw.js for a moment), which are the same
    // whichever server answers (tests/integration/web-push-api.test.ts runs the server's push on both
    // modes): they run once, on the embedded default.
    // Specs of the client alone (drafts kept in the browser, the mention list, Back closing modals, how people
    // are shown) run on the services project instead, which has time to spare beside the embedded one's audit.
    testIgnore:
      name === 'embedded'
        ? services
          ? CLIENT_ONLY
          : []
        : ['**/accessibility.spec.ts', '**/installable-app.spec.ts', '**/push-notifications.spec.ts'],
  })),
  webServer: servers.map(({ name, port }) => ({
    command: `npx tsx tests/e2e/serve.ts ${name} ${port}`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/is-authenticated/`,
    reuseExistingServer: false,
    // A fresh PGlite data folder plus the e2e catalog can take most of a minute on a loaded 2-core machine.
    timeout: 180_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    // SIGTERM rather than Playwright's default SIGKILL, so serve.ts can drop its database.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
  })),
});
