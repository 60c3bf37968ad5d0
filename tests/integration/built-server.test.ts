// `npm start` runs the compiled server: plain JavaScript from dist/, started
// by adapters/cli/start.mjs with no TypeScript loader (a .ts import would fail
// to load there), and builds only when the build is missing or stale. `npm test`
// builds before this suite runs.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isBuildCurrent } from '../../adapters/cli/build.mjs';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { HttpSession, newStudent } from '../support/http-session';

describe('the built server', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ss-built-'));
  let app: AppProcess | undefined;

  afterAll(async () => {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // A fresh embedded data folder takes PGlite a while to create on a loaded machine.
  it('starts from dist without rebuilding a current build, and serves the client and the API', { timeout: 120_000 }, async () => {
    expect(await isBuildCurrent(), 'npm test builds before the suites run').toBe(true);
    app = await startAppProcess({ DATA_DIR: dataDir }, { built: true });

    const page = await fetch(`${app.url}/study-group/12`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const session = await fetch(`${app.url}/api/is-authenticated/`);
    expect(await session.json()).toMatchObject({ isAuthenticated: false });
    const ready = await fetch(`${app.url}/readyz`);
    expect(await ready.json()).toMatchObject({ status: 'ready' });

    expect(app.output()).not.toContain('building Study Swamp');
    // The start-up line says where the time went, for an operator.
    expect(app.output()).toMatch(/"startup":\{"processMs":\d+,"migrationsMs":\d+,"catalogMs":\d+,"totalMs":\d+\}/);
    // A fresh data folder gets the shipped catalog.
    expect(app.output()).toContain('loaded the shipped course catalog');
  });

  it('loads the embedded catalog once: a restart on the same data folder finds it there', { timeout: 120_000 }, async () => {
    await app!.stop();
    app = await startAppProcess({ DATA_DIR: dataDir }, { built: true });
    expect(app.output()).not.toContain('loaded the shipped course catalog');
    const visitor = new HttpSession(app.url);
    await visitor.signUp(newStudent());
    const found = await visitor.post('/api/filter-courses/', { courseCode: 'COP3502C' });
    expect(found.body.courses.map((c: { course_number: string }) => c.course_number)).toContain('COP3502C');
  });
});
