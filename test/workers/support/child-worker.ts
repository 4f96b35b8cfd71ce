import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestApp } from '../../helpers/test-app';

export interface ChildWorker {
  proc: ChildProcess;
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts support/worker-child.ts as a real separate worker process on the app's Redis prefix and database. */
export async function startChildWorker(app: TestApp, env: Record<string, string>): Promise<ChildWorker> {
  // node itself with tsx's loader (not the tsx CLI, which forks a second process a kill would orphan).
  const proc = spawn(process.execPath, ['--import', 'tsx', path.resolve(__dirname, 'worker-child.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: app.config.DATABASE_URL,
      REDIS_URL: app.config.REDIS_URL,
      REDIS_PREFIX: app.config.REDIS_PREFIX,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  proc.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  await new Promise<void>((resolve, reject) => {
    // Generous: tsx compiles the worker on start, which takes long on a loaded machine.
    const timer = setTimeout(() => reject(new Error(`child worker did not start:\n${out}`)), 120_000);
    proc.stdout!.on('data', () => {
      if (out.includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`child worker exited (${code}):\n${out}`));
    });
  });
  return {
    proc,
    output: () => out,
    kill: (signal = 'SIGKILL') =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill(signal);
      }),
  };
}
