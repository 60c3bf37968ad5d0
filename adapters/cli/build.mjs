// `npm run build`: the client (Vite) into dist/web and the server (esbuild)
// into dist/server as plain JavaScript, so `npm start` runs compiled code with
// no TypeScript loader. Plain JavaScript itself: it runs before anything is
// compiled. dist/build-info.json marks a finished build; `isBuildCurrent`
// compares it with the sources, so a start builds only when something changed.
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'dist');
export const SERVER_ENTRY = path.join(DIST, 'server/main.js');
const buildInfoOf = (root) => path.join(root, 'dist/build-info.json');

/** What a build is made from: a change to any of these makes the build stale. */
const SOURCES = ['domain', 'application', 'adapters', 'web', 'migrations', 'package.json', 'package-lock.json', 'tsconfig.json'];

async function newestSourceMtime(root) {
  let newest = 0;
  async function visit(entry) {
    const info = await stat(entry).catch(() => null);
    if (!info) return;
    if (info.isDirectory()) {
      for (const child of await readdir(entry)) {
        if (child === 'node_modules') continue;
        await visit(path.join(entry, child));
      }
    } else if (info.mtimeMs > newest) {
      newest = info.mtimeMs;
    }
  }
  for (const source of SOURCES) await visit(path.join(root, source));
  return newest;
}

/** True when root/dist holds a finished build at least as new as every source file. */
export async function isBuildCurrent(root = ROOT) {
  const [built, server] = await Promise.all([
    stat(buildInfoOf(root)).catch(() => null),
    stat(path.join(root, 'dist/server/main.js')).catch(() => null),
  ]);
  if (!built || !server) return false;
  return built.mtimeMs >= (await newestSourceMtime(root));
}

export async function buildAll({ log = console.log } = {}) {
  const started = performance.now();
  const [{ build: viteBuild }, { build: esbuild }] = await Promise.all([import('vite'), import('esbuild')]);
  // Vite sets process.env.NODE_ENV to "production" when it is unset, and
  // `npm start` runs the server in this same process after a build: without
  // this, a fresh clone would start in production mode (and refuse to start
  // without SESSION_SECRET). The operator's NODE_ENV, or none, is kept.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await viteBuild({ configFile: path.join(ROOT, 'web/vite.config.ts'), logLevel: 'warn' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  await esbuild({
    entryPoints: { main: path.join(ROOT, 'adapters/main.ts') },
    outdir: path.join(DIST, 'server'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies stay in node_modules (PGlite's WebAssembly, bcrypt's native
    // addon and pino's workers load from their packages); only our code is bundled.
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  await mkdir(DIST, { recursive: true });
  await writeFile(buildInfoOf(ROOT), `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`);
  log(`built the client and the server in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  buildAll().catch((error) => {
    console.error('build failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
