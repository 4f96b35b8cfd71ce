import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import IORedis from 'ioredis';
import { Client } from 'pg';
import { initOrm, migrateUp } from '../../shared/persistence/orm';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/**
 * A probe's socket to a server that is not up yet (or just shut down) never emits 'close', so
 * ioredis's default 2 s disconnect timer outlived the suite and kept its jest worker alive.
 */
const PROBE_DISCONNECT_MS = 100;

/**
 * A redis-server of the test's own on a free port, without persistence (never the shared Redis).
 * `restart()` is what the fault tests need: SHUTDOWN NOSAVE, then a new empty server on the same port.
 */
export class PrivateRedis {
  private proc?: ChildProcess;
  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<PrivateRedis> {
    const r = new PrivateRedis(await freePort());
    await r.up();
    return r;
  }

  async up(): Promise<void> {
    this.proc = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    // Patient: on a loaded machine a fresh redis-server can take seconds to accept connections.
    for (let i = 0; i < 600; i++) {
      const c = new IORedis(this.port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, disconnectTimeout: PROBE_DISCONNECT_MS });
      c.on('error', () => undefined);
      try {
        await c.connect();
        await c.ping();
        c.disconnect();
        return;
      } catch {
        c.disconnect();
        await sleep(50);
      }
    }
    throw new Error('redis-server did not start');
  }

  /** `redis-cli shutdown nosave`: everything in memory is gone. */
  async shutdownNoSave(): Promise<void> {
    const p = this.proc;
    this.proc = undefined;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    const c = new IORedis(this.port, '127.0.0.1', { maxRetriesPerRequest: 0, retryStrategy: () => null, disconnectTimeout: PROBE_DISCONNECT_MS });
    c.on('error', () => undefined);
    await c.call('SHUTDOWN', 'NOSAVE').catch(() => undefined);
    c.disconnect();
    await exited;
  }

  /** SIGSTOP: connections stay open and nothing answers (a hung server, a network black hole). */
  freeze(): void {
    this.proc?.kill('SIGSTOP');
  }

  thaw(): void {
    this.proc?.kill('SIGCONT');
  }

  async restart(): Promise<void> {
    await this.shutdownNoSave();
    await this.up();
  }

  async stop(): Promise<void> {
    const p = this.proc;
    this.proc = undefined;
    if (!p || p.exitCode !== null) return;
    await new Promise((r) => {
      p.once('exit', r);
      p.kill('SIGKILL');
    });
  }
}

const adminUrl = () => process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A database of the test's own (optionally migrated): a reconciler sees every job row of its database. */
export async function freshDatabase(label: string, migrate = true): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `aag_${label}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  if (migrate) {
    const orm = await initOrm(url.toString());
    try {
      await migrateUp(orm);
    } finally {
      await orm.close(true);
    }
  }
  return {
    url: url.toString(),
    async drop() {
      if (process.env.KEEP_TEST_DB) return;
      const c = new Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}
