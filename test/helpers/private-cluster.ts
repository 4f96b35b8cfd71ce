import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { promisify } from 'node:util';
import { freePort } from './private-services';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function cli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { timeout: 10_000 });
  return stdout.trim();
}

/**
 * Polls `check` until it is true (answers true) or `timeoutMs` passes (throws, naming `what`);
 * answers false as soon as `gone()` says there is nothing left to wait for.
 */
async function until(what: string, check: () => Promise<boolean>, timeoutMs: number, gone = () => false): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone()) return false;
    if (await check().catch(() => false)) return true;
    if (Date.now() > deadline) throw new Error(`redis cluster: ${what} not reached within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** A node's cluster bus listens this far above its port (Redis's default), so it must be free too. */
const BUS_OFFSET = 10_000;
/** Tries of a node on a fresh port, when the one picked was taken before the node could bind it. */
const NODE_TRIES = 5;

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A free port whose bus port is free and a valid port (Redis refuses a node above 55535). */
async function freeNodePort(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port + BUS_OFFSET <= 65_535 && (await portFree(port + BUS_OFFSET))) return port;
  }
}

interface Node {
  port: number;
  proc: ChildProcess;
}

/**
 * One cluster node on a free port. Between picking a port and the node binding it (and its bus
 * port), another process may take either: the node then exits at once, and another port is tried.
 */
async function startNode(dir: string, nodeTimeoutMs: number): Promise<Node> {
  for (let tries = 1; ; tries++) {
    const port = await freeNodePort();
    const proc = spawn(
      'redis-server',
      [
        '--port', String(port),
        '--bind', '127.0.0.1',
        '--cluster-enabled', 'yes',
        '--cluster-config-file', path.join(dir, `nodes-${port}.conf`),
        '--cluster-node-timeout', String(nodeTimeoutMs),
        '--save', '',
        '--appendonly', 'no',
        '--daemonize', 'no',
        '--dir', dir,
      ],
      { stdio: 'ignore' },
    );
    const exited = () => proc.exitCode !== null || proc.signalCode !== null;
    // Patient: on a loaded machine a fresh redis-server can take seconds to accept connections.
    const up = await until(`node ${port} up`, async () => (await cli(port, 'ping')) === 'PONG', 30_000, exited).catch((err: unknown) => {
      proc.kill('SIGKILL');
      throw err;
    });
    if (up) return { port, proc };
    if (tries === NODE_TRIES) throw new Error(`redis cluster: no node started in ${NODE_TRIES} tries (each exited at once: its port taken)`);
  }
}

/**
 * A Redis Cluster of the test's own: `masters` masters with `replicasPerMaster` replicas each, on
 * free ports, without persistence (never the shared Redis). `nodes` is the `REDIS_CLUSTER_NODES`
 * value for the gateway; `kill(port)` SIGKILLs one node (a failover test).
 */
export class PrivateRedisCluster {
  private constructor(
    private readonly dir: string,
    private readonly members: Node[],
  ) {}

  get ports(): number[] {
    return this.members.map((m) => m.port);
  }

  get nodes(): string {
    return this.ports.map((p) => `127.0.0.1:${p}`).join(',');
  }

  static async start(opts: { masters?: number; replicasPerMaster?: number; nodeTimeoutMs?: number } = {}): Promise<PrivateRedisCluster> {
    const masters = opts.masters ?? 3;
    const replicas = opts.replicasPerMaster ?? 0;
    const dir = mkdtempSync(path.join(tmpdir(), 'aag-cluster-'));
    const members: Node[] = [];
    const cluster = new PrivateRedisCluster(dir, members);
    try {
      const started = await Promise.allSettled(Array.from({ length: masters * (1 + replicas) }, () => startNode(dir, opts.nodeTimeoutMs ?? 5000)));
      for (const s of started) if (s.status === 'fulfilled') members.push(s.value);
      const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
      if (failed) throw failed.reason;
      await run('redis-cli', ['--cluster', 'create', ...cluster.ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', String(replicas), '--cluster-yes'], { timeout: 60_000 });
      await cluster.waitHealthy(60_000);
      // A replica that has not synced with its master yet would not be promoted if the master died.
      if (replicas) await cluster.waitReplicasSynced(masters * replicas, 60_000);
      return cluster;
    } catch (err) {
      await cluster.stop();
      throw err;
    }
  }

  /** Every live node says the cluster is ok and agrees on `masters` masters with all slots. */
  async waitHealthy(timeoutMs = 30_000, live = this.ports): Promise<void> {
    for (const port of live) await until(`cluster_state:ok on ${port}`, async () => (await cli(port, 'cluster', 'info')).includes('cluster_state:ok'), timeoutMs);
  }

  /** `count` replicas report their link to their master up (the initial sync is done). */
  async waitReplicasSynced(count: number, timeoutMs: number): Promise<void> {
    await until(
      `${count} replicas in sync`,
      async () => {
        const infos = await Promise.all(this.ports.map((p) => cli(p, 'info', 'replication')));
        return infos.filter((i) => i.includes('role:slave') && i.includes('master_link_status:up')).length >= count;
      },
      timeoutMs,
    );
  }

  /** The port of the master serving the slot of `key` (a hash-tagged prefix names its slot). */
  async masterOf(key: string, askPort = this.ports[0]!): Promise<number> {
    const slot = Number(await cli(askPort, 'cluster', 'keyslot', key));
    const slots = JSON.parse(await run('redis-cli', ['-h', '127.0.0.1', '-p', String(askPort), '--json', 'cluster', 'slots']).then((r) => r.stdout)) as unknown;
    if (Array.isArray(slots)) {
      for (const s of slots as [number, number, [string, number]][]) if (slot >= s[0] && slot <= s[1]) return Number(s[2][1]);
    }
    throw new Error(`no master serves slot ${slot}`);
  }

  /** Polls until another node than `deadPort` is the master of `key`'s slot and the cluster is ok again. */
  async waitPromoted(key: string, deadPort: number, timeoutMs = 60_000): Promise<number> {
    const live = this.ports.filter((p) => p !== deadPort);
    let master = deadPort;
    await until(
      'replica promotion',
      async () => {
        master = await this.masterOf(key, live[0]);
        return master !== deadPort && (await cli(live[0]!, 'cluster', 'info')).includes('cluster_state:ok');
      },
      timeoutMs,
    );
    await this.waitHealthy(timeoutMs, live);
    return master;
  }

  /** SIGKILL: the node is gone at once, without a goodbye to the cluster. */
  async kill(port: number): Promise<void> {
    const m = this.members.find((n) => n.port === port);
    if (!m || m.proc.exitCode !== null || m.proc.signalCode !== null) return;
    await new Promise((r) => {
      m.proc.once('exit', r);
      m.proc.kill('SIGKILL');
    });
  }

  async stop(): Promise<void> {
    await Promise.all(this.members.map((m) => this.kill(m.port)));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
