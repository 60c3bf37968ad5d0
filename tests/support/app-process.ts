// Runs the app as its own OS process, as an operator would: from the sources
// (`tsx adapters/main.ts`), or as `npm start` runs it (`built`: the compiled
// server in dist/, started by adapters/cli/start.mjs with no TypeScript loader).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEST_SECRET } from './test-app';

const root = path.resolve(import.meta.dirname, '../..');

export interface AppProcess {
  url: string;
  /** Everything the process wrote so far. */
  output(): string;
  stop(): Promise<void>;
}

export interface AppProcessOptions {
  built?: boolean;
  /** The checkout to run in; this one by default. */
  root?: string;
}

export async function startAppProcess(env: Record<string, string>, options: AppProcessOptions = {}): Promise<AppProcess> {
  const args = options.built ? ['adapters/cli/start.mjs'] : ['--import', 'tsx', 'adapters/main.ts'];
  // The built server must run without a loader the test runner may have put in NODE_OPTIONS.
  const { NODE_OPTIONS: _loader, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: options.root ?? root,
    env: {
      ...(options.built ? inherited : process.env),
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      BCRYPT_COST: '4',
      SESSION_SECRET: TEST_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    // A fresh embedded data folder alone can take PGlite well over 10 s on a loaded machine.
    const timer = setTimeout(() => reject(new Error(`app did not start:\n${output}`)), options.built ? 90_000 : 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"port":(\d+).*listening/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`app exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
