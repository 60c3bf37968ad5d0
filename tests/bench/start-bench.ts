// `npm run bench:start`: how long the embedded default takes from the start
// command to its first answer, on a fresh data folder and on a restart with
// the data folder kept, for `npm start` (the built server) beside running the
// sources through tsx (how it started before), in one run. A benchmark, not
// a test: it prints figures for the README.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll, isBuildCurrent } from '@adapters/cli/build.mjs';
import { freePort } from '@tests/support/haproxy';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Way {
  name: string;
  args: string[];
}

const WAYS: Way[] = [
  { name: 'npm start (built server)', args: ['adapters/cli/start.mjs'] },
  { name: 'tsx adapters/main.ts (sources)', args: ['--import', 'tsx', 'adapters/main.ts'] },
];

/** Milliseconds from spawning the process to its first answer on /api/is-authenticated/. */
async function timeToFirstAnswer(way: Way, dataDir: string): Promise<number> {
  const port = await freePort();
  const { NODE_OPTIONS: _loader, ...env } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, way.args, {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${way.name} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/is-authenticated/`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

if (!(await isBuildCurrent())) await buildAll();
console.log(`Start-up, embedded default, median of ${RUNS} runs (${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)})\n`);
console.log('| start command | fresh data folder | restart, data folder kept |');
console.log('|---|---:|---:|');
for (const way of WAYS) {
  const fresh: number[] = [];
  const restart: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ss-start-bench-'));
    try {
      fresh.push(await timeToFirstAnswer(way, dataDir));
      restart.push(await timeToFirstAnswer(way, dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`| ${way.name} | ${seconds(median(fresh))} | ${seconds(median(restart))} |`);
}
