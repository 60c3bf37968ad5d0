// Runs `npm run projector` (adapters/cli/run-projector.ts) or `npm run worker`
// (adapters/cli/run-worker.ts) as its own OS process.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface CliProcess {
  /** SIGTERM, a clean stop; answers the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL, a crash. */
  kill(): Promise<void>;
}

export function startProjectorProcess(env: Record<string, string>): Promise<CliProcess> {
  return startCliProcess('adapters/cli/run-projector.ts', 'chat archive projector running', env);
}

export function startWorkerProcess(env: Record<string, string>): Promise<CliProcess> {
  return startCliProcess('adapters/cli/run-worker.ts', 'notification worker running', env);
}

/** Starts the script and answers once its log says `ready`. */
async function startCliProcess(script: string, ready: string, env: Record<string, string>): Promise<CliProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${output}`));
    });
  });
  return {
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
