/** Simulators and the baseline proxy, each in its own child process (compiled from bench/ and test/). */
import type { SimChildOptions } from './sim-child';
import { distPath, firstMessage, startNode, type Child } from './processes';

export type SimPlatform = 'facebook' | 'tiktok' | 'google' | 'linkedin';

export interface SimProcess {
  platform: SimPlatform;
  baseUrl: string;
  child: Child;
}

export async function startSim(platform: SimPlatform, logDir: string, opts: SimChildOptions = {}): Promise<SimProcess> {
  const child = startNode({
    name: `sim-${platform}`,
    script: distPath('bench', 'lib', 'sim-child.js'),
    args: [platform, JSON.stringify(opts)],
    logDir,
    ipc: true,
  });
  const msg = await firstMessage<{ baseUrl: string }>(child, 60_000);
  return { platform, baseUrl: msg.baseUrl, child };
}

/** `cpuProfDir`: profile the proxy too (`--cpu-prof`), to compare the gateway with it function by function. */
export async function startBaseline(tiktokBaseUrl: string, token: string, logDir: string, cpuProfDir?: string): Promise<{ url: string; child: Child }> {
  const child = startNode({
    name: 'baseline',
    script: distPath('bench', 'lib', 'baseline-child.js'),
    args: [tiktokBaseUrl, token],
    logDir,
    ipc: true,
    cpuProfDir,
  });
  const msg = await firstMessage<{ url: string }>(child);
  return { url: msg.url, child };
}

/** The simulator's control surface (`/__sim/...`). */
export async function simControl<T = unknown>(baseUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(`${baseUrl}/__sim${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`simulator ${method} ${path}: ${r.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A platform access token for a seeded simulator user. */
export async function simToken(baseUrl: string, user: string): Promise<string> {
  return (await simControl<{ access_token: string }>(baseUrl, 'POST', '/tokens', { user })).access_token;
}
