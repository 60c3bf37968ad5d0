// The folder holding package.json, found from this file's place: the same
// answer whether the server runs from source (adapters/) or from its build
// (dist/server/), so paths to the built client and the shipped catalog hold in both.
import { existsSync } from 'node:fs';
import path from 'node:path';

function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
}

export const PACKAGE_ROOT = findPackageRoot(import.meta.dirname);
