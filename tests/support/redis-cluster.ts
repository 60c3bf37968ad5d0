// A real Redis Cluster for the tests: three primaries started from the
// machine's redis-server on ports the test picks (each with its cluster bus on
// port + 10000), joined with `redis-cli --cluster create`, and torn down
// afterwards. Nothing is kept on disk beyond a temporary folder.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

export interface RedisClusterHandle {
  /** redis://127.0.0.1:port of each primary. */
  nodes: string[];
  stop(): Promise<void>;
}

export function redisServerAvailable(): boolean {
  return (
    spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0 &&
    spawnSync('redis-cli', ['--version'], { stdio: 'ignore' }).status === 0
  );
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port whose cluster bus port (port + 10000) is free too. */
async function clusterPort(taken: Set<number>): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = 30_000 + Math.floor(Math.random() * 10_000);
    if (taken.has(port) || taken.has(port + 10_000)) continue;
    if ((await portIsFree(port)) && (await portIsFree(port + 10_000))) {
      taken.add(port);
      taken.add(port + 10_000);
      return port;
    }
  }
  throw new Error('No free port pair for a Redis Cluster node');
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`Redis Cluster: timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startRedisCluster(primaries = 3): Promise<RedisClusterHandle> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ss-redis-cluster-'));
  const taken = new Set<number>();
  const ports: number[] = [];
  for (let i = 0; i < primaries; i += 1) ports.push(await clusterPort(taken));
  const children: ChildProcess[] = ports.map((port) =>
    spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        `nodes-${port}.conf`,
        '--cluster-node-timeout',
        '5000',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
        '--logfile',
        `redis-${port}.log`,
      ],
      { stdio: 'ignore' },
    ),
  );
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) {
      await until(`node ${port} answers`, async () => {
        const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
        try {
          await probe.connect();
          return (await probe.ping()) === 'PONG';
        } finally {
          probe.disconnect();
        }
      });
    }
    const created = spawnSync(
      'redis-cli',
      ['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`), '--cluster-replicas', '0', '--cluster-yes'],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed:\n${created.stdout}\n${created.stderr}`);
    for (const port of ports) {
      await until(`node ${port} reports cluster_state:ok`, async () => {
        const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0 });
        try {
          await probe.connect();
          return /cluster_state:ok/.test(String(await probe.call('CLUSTER', 'INFO')));
        } finally {
          probe.disconnect();
        }
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { nodes: ports.map((port) => `redis://127.0.0.1:${port}`), stop };
}
