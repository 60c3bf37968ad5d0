// The layer rules of docs/architecture.md, executable: a wrong import fails the build.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  const full = path.join(root, dir);
  return readdirSync(full).flatMap((name) => {
    const file = path.join(full, name);
    if (statSync(file).isDirectory()) return sourceFiles(path.relative(root, file));
    return /\.(ts|tsx)$/.test(name) ? [file] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g)];
  return specs.map((m) => m[1] ?? m[2] ?? m[3]);
}

/** The top-level folder a relative import lands in, or the package name. */
function target(file: string, spec: string): string {
  if (!spec.startsWith('.')) return `package:${spec}`;
  const resolved = path.relative(root, path.resolve(path.dirname(file), spec));
  return resolved.split(path.sep)[0];
}

function violations(dir: string, allowed: (t: string) => boolean): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter((spec) => !allowed(target(file, spec)))
      .map((spec) => `${path.relative(root, file)} imports ${spec}`),
  );
}

describe('layer rules', () => {
  it('domain/ imports nothing outside domain/', () => {
    expect(violations('domain', (t) => t === 'domain')).toEqual([]);
  });

  it('application/ imports only domain/ and application/, no framework or driver', () => {
    expect(violations('application', (t) => t === 'domain' || t === 'application')).toEqual([]);
  });

  it('web/ imports no server code', () => {
    expect(violations('web', (t) => t.startsWith('package:') || t === 'web')).toEqual([]);
  });

  it('the checker sees a forbidden import (it can fail)', () => {
    const fake = path.join(root, 'domain', 'x.ts');
    expect(target(fake, '../adapters/http/app')).toBe('adapters');
    expect(target(fake, 'knex')).toBe('package:knex');
  });
});
