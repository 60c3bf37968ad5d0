// `npm start` runs the compiled server: plain JavaScript from dist/, started
// by adapters/cli/start.mjs with no TypeScript loader (a .ts import would fail
// to load there), and builds only when the build is missing or stale. `npm test`
// builds before this suite runs.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { isBuildCurrent, ROOT } from '@adapters/cli/build.mjs';
import { startAppProcess, type AppProcess } from '@tests/support/app-process';
import { HttpSession, newStudent } from '@tests/support/http-session';

/** The bytes as they travel (fetch would decode them), with the headers that say how. */
function rawGet(
  url: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

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
    // The shipped snapshot: UF's real Fall 2025 CISE graduate sections.
    const found = await visitor.post('/api/filter-courses/', { courseCode: 'CAI6307' });
    expect(found.body.courses.map((c: { course_number: string }) => c.course_number)).toContain('CAI6307');
  });

  it("sends the client's script and stylesheet compressed to a browser that accepts it, and as they are to one that does not", async () => {
    const page = await (await fetch(`${app!.url}/`)).text();
    const assets = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
    expect(assets.some((asset) => asset.endsWith('.js')) && assets.some((asset) => asset.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const url = `${app!.url}${asset}`;
      const plain = await rawGet(url);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toMatch(asset.endsWith('.js') ? /javascript/ : /text\/css/);

      // A browser's own header: brotli first.
      const br = await rawGet(url, 'gzip, deflate, br, zstd');
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The build leaves the smallest chunks (under 1 KB) as they are: nothing to gain.
      if (plain.body.length < 1024) {
        expect(br.headers['content-encoding']).toBeUndefined();
        continue;
      }
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe(plain.headers['content-type']);
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(br.body.length).toBeLessThan(plain.body.length * 0.4);

      const gzip = await rawGet(url, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

      const identity = await rawGet(url, 'identity');
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body.equals(plain.body)).toBe(true);
    }
  });

  it('keeps every hashed file for a year and asks again for every page and the service worker', async () => {
    // What is named by its content never changes: a page's own chunk, loaded later, too.
    const page = await (await fetch(`${app!.url}/`)).text();
    const entry = /src="(\/assets\/index-[^"]+\.js)"/.exec(page)?.[1];
    expect(entry).toBeDefined();
    const entryCode = await (await fetch(`${app!.url}${entry}`)).text();
    const landingChunk = /assets\/landing-[\w-]+\.js/.exec(entryCode)?.[0];
    expect(landingChunk, "the landing is a chunk of its own, named in the entry's imports").toBeDefined();
    const chunk = await rawGet(`${app!.url}/${landingChunk}`, 'gzip, deflate, br, zstd');
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // What keeps its name across builds is asked for again each time (a new build is seen at once).
    for (const address of ['/', '/index.html', '/log-in', '/course/12', '/sw.js', '/manifest.webmanifest']) {
      const answer = await rawGet(`${app!.url}${address}`, 'gzip, deflate, br, zstd');
      expect(answer.status, address).toBe(200);
      expect(answer.headers['cache-control'], address).toBe('no-cache');
    }
    const worker = await rawGet(`${app!.url}/sw.js`);
    expect(worker.headers['content-type']).toMatch(/javascript/);
  });

  it('starts a fresh clone as the README says: npm start builds first, then serves in development mode', { timeout: 180_000 }, async () => {
    // The checkout's tracked files, with this one's node_modules (what `npm install` gives), and no dist/.
    const clone = mkdtempSync(path.join(os.tmpdir(), 'ss-clone-'));
    const cloneData = path.join(clone, 'data');
    let fresh: AppProcess | undefined;
    try {
      const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
      for (const file of files) {
        mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
        cpSync(path.join(ROOT, file), path.join(clone, file));
      }
      symlinkSync(path.join(ROOT, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
      // No NODE_ENV and no SESSION_SECRET, as on a student's or a maintainer's machine.
      fresh = await startAppProcess({ DATA_DIR: cloneData, NODE_ENV: '', SESSION_SECRET: '' }, { built: true, root: clone });
      expect(fresh.output()).toContain('building Study Swamp');
      const answer = await fetch(`${fresh.url}/api/is-authenticated/`);
      expect(await answer.json()).toMatchObject({ isAuthenticated: false });
      const page = await fetch(`${fresh.url}/`);
      expect(await page.text()).toContain('<div id="root">');
      // Development mode: the visitor's cookie is not marked Secure (plain http on localhost works).
      const token = await fetch(`${fresh.url}/api/get-token/`);
      expect(token.headers.get('set-cookie')).not.toMatch(/;\s*secure/i);
    } finally {
      await fresh?.stop();
      rmSync(clone, { recursive: true, force: true });
    }
  });
});
