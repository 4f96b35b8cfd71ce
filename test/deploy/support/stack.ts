import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { TestApp } from '../../helpers/test-app';
import { configureApps, createTenant, externalUserToken } from '../../helpers/identity';
import { connectAccount, type Sims } from '../../helpers/connections';

export const ROOT = path.resolve(__dirname, '../../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Production-mode secrets for the processes these tests start (throwaway values). */
export const PROD_SECRETS = {
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('hex'),
  ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  METRICS_TOKEN: randomBytes(16).toString('hex'),
};

export interface Proc {
  name: string;
  proc: ChildProcess;
  output(): string;
  exited(): boolean;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * One gateway process: `entry` is run by node (a dist/ .js file) or through tsx's loader (a .ts
 * source). Its output is kept for failure messages.
 */
export function startProcess(name: string, entry: string, env: Record<string, string>, cwd = ROOT): Proc {
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  const proc = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (b: Buffer) => {
    out += b.toString();
    if (out.length > 400_000) out = out.slice(-200_000);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const exited = () => proc.exitCode !== null || proc.signalCode !== null;
  return {
    name,
    proc,
    output: () => out,
    exited,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (exited()) return resolve(proc.exitCode);
        proc.once('exit', (code) => resolve(code));
        proc.kill(signal);
      }),
  };
}

/** Waits until `url` answers 200 (the process's /readyz), failing early if the process exits. */
export async function waitReady(p: Proc, url: string, timeoutMs = 180_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (p.exited()) throw new Error(`${p.name} exited (${p.proc.exitCode}):\n${p.output().slice(-4000)}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${p.name} not ready at ${url}:\n${p.output().slice(-4000)}`);
}

/** A tenant with its platform apps, one external user and that user's connected accounts, through the public API. */
export async function tenantWithAccounts(base: string, sims: Sims, accounts: { platform: 'facebook' | 'tiktok'; adAccountId: string }[]) {
  const app = { url: base } as TestApp;
  const t = await createTenant(app);
  await configureApps(app, t.apiKey);
  const token = await externalUserToken(app, t.apiKey, `ext-${randomBytes(3).toString('hex')}`);
  // The gateway runs in other processes, so the dialog helper (which reads the stored token in-process)
  // cannot be used: activate with a simulator token instead.
  for (const a of accounts) await connectAccount(app, sims, { platform: a.platform, token, adAccountId: a.adAccountId, via: 'token' });
  return { apiKey: t.apiKey, headers: { authorization: `Bearer ${token}` } };
}
