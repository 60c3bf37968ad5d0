// Runs HAProxy (Debian's package; .ci/run installs it) with the configuration
// operators are given, docs/haproxy.cfg, in front of the test's app servers.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const CONFIG = path.resolve(import.meta.dirname, '../../docs/haproxy.cfg');

export function haproxyAvailable(): boolean {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

export async function startHaproxy(appPorts: [number, number]): Promise<Balancer> {
  const port = await freePort();
  const env = { ...process.env, LB_BIND: `127.0.0.1:${port}`, APP_1: `127.0.0.1:${appPorts[0]}`, APP_2: `127.0.0.1:${appPorts[1]}` };
  // -db: stay in the foreground, so the test owns the process.
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', CONFIG], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}:\n${output}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`haproxy did not answer:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
