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

/** The repository path a relative import lands in ("domain/errors"), or "package:<name>". */
const ALIASES: Record<string, string> = {
  '@domain/': 'domain/',
  '@application/': 'application/',
  '@contract/': 'adapters/http/contract/',
  '@adapters/': 'adapters/',
  '@migrations/': 'migrations/',
  '@web/': 'web/src/',
  '@tests/': 'tests/',
};

function target(file: string, spec: string): string {
  const alias = Object.keys(ALIASES).find((prefix) => spec.startsWith(prefix));
  if (alias) return ALIASES[alias] + spec.slice(alias.length);
  if (!spec.startsWith('.')) return `package:${spec}`;
  return path.relative(root, path.resolve(path.dirname(file), spec)).split(path.sep).join('/');
}

const within = (folder: string) => (t: string) => t === folder || t.startsWith(`${folder}/`);
const CONTRACT = 'adapters/http/contract';

function violations(dir: string, allowed: (t: string) => boolean): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter((spec) => !allowed(target(file, spec)))
      .map((spec) => `${path.relative(root, file)} imports ${spec}`),
  );
}

describe('layer rules', () => {
  it('domain/ imports nothing outside domain/', () => {
    expect(violations('domain', within('domain'))).toEqual([]);
  });

  it('application/ imports only domain/ and application/, no framework or driver', () => {
    expect(violations('application', (t) => within('domain')(t) || within('application')(t))).toEqual([]);
  });

  it('the wire contract imports only zod/mini and domain/, so the client can bundle it small', () => {
    expect(violations(CONTRACT, (t) => t === 'package:zod/mini' || within('domain')(t) || within(CONTRACT)(t))).toEqual([]);
  });

  it('web/ imports packages, itself, domain/ and the wire contract: nothing else of the server', () => {
    const serverPackages = /^package:(koa|@koa\/|knex|pg|ioredis|bcrypt|tsyringe|pino|rate-limiter-flexible|@electric-sql\/)/;
    const allowed = (t: string) =>
      (t.startsWith('package:') && !serverPackages.test(t)) || within('web')(t) || within('domain')(t) || within(CONTRACT)(t);
    expect(violations('web', allowed)).toEqual([]);
  });

  it('a client feature imports no other feature, and shared client code imports none (pages compose them)', () => {
    const features = readdirSync(path.join(root, 'web/src/features'));
    const featureOf = (t: string) => /^web\/src\/features\/([^/]+)/.exec(t)?.[1];
    const crossings = [
      ...features.flatMap((feature) => violations(`web/src/features/${feature}`, (t) => featureOf(t) === undefined || featureOf(t) === feature)),
      ...['web/src/components', 'web/src/lib'].flatMap((dir) =>
        violations(dir, (t) => featureOf(t) === undefined && !within('web/src/app')(t)),
      ),
    ];
    expect(crossings).toEqual([]);
  });

  it('the checker sees a forbidden import (it can fail)', () => {
    const fake = path.join(root, 'web', 'src', 'x.ts');
    expect(target(fake, '../../adapters/http/session')).toBe('adapters/http/session');
    expect(within(CONTRACT)(target(fake, '../../adapters/http/session'))).toBe(false);
    expect(within(CONTRACT)(target(fake, '../../adapters/http/contract/api'))).toBe(true);
    expect(within('domain')(target(fake, '../../domain-like/x'))).toBe(false);
    expect(target(fake, 'knex')).toBe('package:knex');
    const inChat = path.join(root, 'web/src/features/chat/x.ts');
    expect(target(inChat, '../courses/api')).toBe('web/src/features/courses/api');
  });
});
