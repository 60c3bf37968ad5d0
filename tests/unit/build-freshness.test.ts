// `npm start` builds only when dist is missing or older than a source file.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isBuildCurrent } from '@adapters/cli/build.mjs';

const roots: string[] = [];

function project(files: Record<string, number>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'ss-freshness-'));
  roots.push(root);
  for (const [file, mtimeSeconds] of Object.entries(files)) {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, '');
    utimesSync(full, mtimeSeconds, mtimeSeconds);
  }
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('isBuildCurrent', () => {
  it('is false with no build, or a build that never finished', async () => {
    expect(await isBuildCurrent(project({ 'adapters/main.ts': 100 }))).toBe(false);
    expect(await isBuildCurrent(project({ 'adapters/main.ts': 100, 'dist/server/main.js': 200 }))).toBe(false);
  });

  it('is true when the finished build is newer than every source', async () => {
    const root = project({ 'adapters/main.ts': 100, 'web/src/main.tsx': 150, 'dist/server/main.js': 200, 'dist/build-info.json': 200 });
    expect(await isBuildCurrent(root)).toBe(true);
  });

  it('is false once any source, the lock file or a migration is newer than the build', async () => {
    for (const changed of ['web/src/app/router.tsx', 'package-lock.json', 'migrations/20990101000000_next.ts', 'domain/user/user.ts']) {
      const root = project({ 'adapters/main.ts': 100, 'dist/server/main.js': 200, 'dist/build-info.json': 200, [changed]: 300 });
      expect(await isBuildCurrent(root), changed).toBe(false);
    }
  });

  it('does not look into node_modules or the build itself', async () => {
    const root = project({
      'adapters/main.ts': 100,
      'adapters/node_modules/x.js': 900,
      'dist/server/main.js': 200,
      'dist/build-info.json': 200,
    });
    expect(await isBuildCurrent(root)).toBe(true);
  });
});
