import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './private-services';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Debian installs it in /usr/sbin, which a non-login PATH may lack. */
const BINARY = existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : 'pgbouncer';

/** Debian's pgbouncer refuses to run as root: it is started as this user (the PostgreSQL package's). */
const RUN_AS = 'postgres';

/**
 * A pgbouncer of the test's own (Debian's package, 1.18 here) on a free port in front of the local
 * PostgreSQL, in transaction pooling mode with a small server pool: every database name is passed
 * through, users are trusted as the local PostgreSQL trusts them. Any system pgbouncer (6432) is
 * left alone. Its log is kept for failure messages.
 */
export class PrivatePgBouncer {
  private log = '';

  private constructor(
    readonly port: number,
    private readonly dir: string,
    private proc?: ChildProcess,
  ) {}

  /** `postgres://…` through this pgbouncer to `database` (as `user`); `query` is appended as is. */
  url(database: string, query = '', user = 'postgres'): string {
    return `postgres://${user}@127.0.0.1:${this.port}/${database}${query ? `?${query}` : ''}`;
  }

  output(): string {
    return this.log;
  }

  static async start(opts: { poolSize?: number; upstreamPort?: number } = {}): Promise<PrivatePgBouncer> {
    const port = await freePort();
    const dir = mkdtempSync(path.join(tmpdir(), 'aag-pgbouncer-'));
    const ini = path.join(dir, 'pgbouncer.ini');
    writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
    writeFileSync(
      ini,
      [
        '[databases]',
        `* = host=127.0.0.1 port=${opts.upstreamPort ?? 5432}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${path.join(dir, 'userlist.txt')}`,
        'pool_mode = transaction',
        `default_pool_size = ${opts.poolSize ?? 3}`,
        'min_pool_size = 0',
        'reserve_pool_size = 0',
        'max_client_conn = 1000',
        // What node-postgres sends at connect time besides the parameters pgbouncer tracks itself.
        'ignore_startup_parameters = extra_float_digits,options,statement_timeout',
        `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
        '',
      ].join('\n'),
    );
    chmodSync(dir, 0o777);
    const b = new PrivatePgBouncer(port, dir);
    const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const proc = spawn(BINARY, [...(asRoot ? ['-u', RUN_AS] : []), ini], { stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      b.log += chunk.toString();
      if (b.log.length > 200_000) b.log = b.log.slice(-100_000);
    };
    proc.stdout!.on('data', keep);
    proc.stderr!.on('data', keep);
    b.proc = proc;
    await b.waitListening();
    return b;
  }

  private async waitListening(): Promise<void> {
    for (let i = 0; i < 600; i++) {
      if (!this.proc || this.proc.exitCode !== null) throw new Error(`pgbouncer exited:\n${this.log}`);
      const ok = await new Promise<boolean>((resolve) => {
        const s = net.connect(this.port, '127.0.0.1', () => {
          s.destroy();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      });
      if (ok) return;
      await sleep(50);
    }
    throw new Error(`pgbouncer did not listen on ${this.port}:\n${this.log}`);
  }

  async stop(): Promise<void> {
    const p = this.proc;
    this.proc = undefined;
    if (p && p.exitCode === null && p.signalCode === null) {
      await new Promise((r) => {
        p.once('exit', r);
        p.kill('SIGINT');
      });
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
