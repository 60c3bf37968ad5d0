// Runs `npm run projector` (adapters/cli/run-projector.ts) as its own OS process.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ProjectorProcess {
  /** SIGTERM, a clean stop; answers the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL, a crash. */
  kill(): Promise<void>;
}

export async function startProjectorProcess(env: Record<string, string>): Promise<ProjectorProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'adapters/cli/run-projector.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`projector did not start:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('chat archive projector running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`projector exited with ${code}:\n${output}`));
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
