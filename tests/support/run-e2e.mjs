// `npm run e2e`: the Playwright suite, one process per project side by side
// (each project has its own server and database, so they share nothing): the
// embedded default always, Postgres + Redis when TEST_DATABASE_URL and
// TEST_REDIS_URL are set. Each writes tests/.artifacts/playwright-<project>.json;
// the exit code is the first failure's. Extra arguments go to every process.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const services = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const projects = ['embedded', ...(services ? ['services'] : [])];

const runs = projects.map(
  (project) =>
    new Promise((resolve) => {
      const child = spawn('npx', ['playwright', 'test', '--config', 'tests/playwright.config.ts', ...process.argv.slice(2)], {
        cwd: root,
        env: { ...process.env, E2E_PROJECT: project },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) to.write(`[${project}] ${line}\n`);
        });
        from.on('end', () => rest && to.write(`[${project}] ${rest}\n`));
      }
      child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    }),
);
const codes = await Promise.all(runs);
process.exit(codes.find((code) => code !== 0) ?? 0);
