/**
 * Child processes of a bench run: simulators, the baseline proxy, gateway api and worker roles.
 * Every child is registered here so that cleanup can stop all of them, on success, on failure and on
 * Ctrl-C, and none outlives the bench.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface Child {
  name: string;
  proc: ChildProcess;
  pid: number;
  logFile: string;
  /** SIGTERM, then SIGKILL after `graceMs`. Resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

const children = new Set<Child>();

export const ROOT = path.resolve(__dirname, '..', '..');

export function distPath(...parts: string[]): string {
  return path.join(ROOT, 'dist', ...parts);
}

function track(name: string, proc: ChildProcess, logFile: string): Child {
  if (proc.pid === undefined) throw new Error(`${name}: could not start`);
  const out = createWriteStream(logFile, { flags: 'a' });
  proc.stdout?.pipe(out);
  proc.stderr?.pipe(out);
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const child: Child = {
    name,
    proc,
    pid: proc.pid,
    logFile,
    async stop(graceMs = 8000) {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      children.delete(child);
    },
  };
  children.add(child);
  proc.once('exit', () => children.delete(child));
  return child;
}

export interface NodeChildOptions {
  name: string;
  script: string;
  args?: string[];
  env?: Record<string, string>;
  logDir: string;
  /** Directory for a V8 CPU profile written when the child exits. */
  cpuProfDir?: string;
  /** Node/V8 flags the process runs with in production (e.g. WORKER_NODE_FLAGS). */
  nodeFlags?: string[];
  ipc?: boolean;
}

/** Starts `node <script>` (compiled JS) with its output captured to `<logDir>/<name>.log`. */
export function startNode(o: NodeChildOptions): Child {
  const execArgv = [...(o.nodeFlags ?? [])];
  if (o.cpuProfDir) execArgv.push('--cpu-prof', `--cpu-prof-dir=${o.cpuProfDir}`, `--cpu-prof-name=${o.name}.cpuprofile`);
  const env = { ...process.env, ...o.env };
  const logFile = path.join(o.logDir, `${o.name}.log`);
  const proc = o.ipc
    ? fork(o.script, o.args ?? [], { env, execArgv, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], cwd: ROOT })
    : spawn(process.execPath, [...execArgv, o.script, ...(o.args ?? [])], { env, stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT });
  return track(o.name, proc, logFile);
}

/**
 * A process that keeps one CPU busy for as long as it lives (`--contended`): the scheduler then
 * shares every core between the gateway and a burner, as on a loaded machine.
 */
export function startBurner(logDir: string, index: number): Child {
  const logFile = path.join(logDir, `burner-${index}.log`);
  const proc = spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT });
  return track(`burner-${index}`, proc, logFile);
}

/** Waits for the first IPC message of a forked child (its "ready" report), or fails if it exits. */
export function firstMessage<T>(child: Child, timeoutMs = 30_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${child.name}: not ready after ${timeoutMs} ms (see ${child.logFile})`)), timeoutMs);
    child.proc.once('message', (m) => {
      clearTimeout(timer);
      resolve(m as T);
    });
    child.proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${child.name} exited with ${code} before it was ready (see ${child.logFile})`));
    });
  });
}

/** Polls `check` until it returns true; fails early if the child exits. */
export async function waitUntil(child: Child, what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.proc.exitCode !== null) throw new Error(`${child.name} exited with ${child.proc.exitCode} (see ${child.logFile})`);
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`${child.name}: ${what} not reached after ${timeoutMs} ms (see ${child.logFile})`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Current and peak resident memory of a process, in bytes (Linux /proc; 0 where unavailable). */
export function memoryOf(pid: number): { rss: number; peakRss: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), peakRss: kb('VmHWM') };
  } catch {
    return { rss: 0, peakRss: 0 };
  }
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; 0 where unavailable). */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * Every PostgreSQL server process on the machine (backends, WAL writer, checkpointer, autovacuum):
 * a bulk write's cost lands partly in the background ones. An upper bound when other databases work.
 */
export function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

/** A process, a fixed group, or a group looked up when asked (e.g. database backends a pool opens mid-run). */
export type PidSource = number | number[] | (() => Promise<number[]>);

const pidsOf = async (p: PidSource): Promise<number[]> => (typeof p === 'function' ? p() : Array.isArray(p) ? p : [p]);

/** Runs `fn` and reports the CPU each named process (or group) used meanwhile, per request served. */
export async function withCpu<T extends { requests: number }>(
  sources: Record<string, PidSource>,
  fn: () => Promise<T>,
): Promise<T & { cpuMsPerRequest: Record<string, number> }> {
  const before = new Map<string, Map<number, number>>();
  for (const [k, src] of Object.entries(sources)) before.set(k, new Map((await pidsOf(src)).map((pid) => [pid, cpuMsOf(pid)])));
  const r = await fn();
  const cpuMsPerRequest: Record<string, number> = {};
  for (const [k, src] of Object.entries(sources)) {
    const prev = before.get(k)!;
    // Processes that appeared meanwhile count from zero; ones that exited are lost (rare: pools keep theirs).
    const used = (await pidsOf(src)).reduce((a, pid) => a + cpuMsOf(pid) - (prev.get(pid) ?? 0), 0);
    cpuMsPerRequest[k] = used / Math.max(1, r.requests);
  }
  return { ...r, cpuMsPerRequest };
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((c) => c.stop().catch(() => undefined)));
}

/** Last resort on an abrupt exit: nothing async can run any more, so SIGKILL what is left. */
export function killAllSync(): void {
  for (const c of children) {
    try {
      c.proc.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}
