import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InfraDeps } from '../shared/infra/infra-deps';
import { withTimeout } from '../shared/infra/redis';

export interface OpsServer {
  port: number;
  close(): Promise<void>;
}

async function check(p: () => Promise<unknown>, what: string): Promise<{ status: 'ok' | 'down'; error?: string }> {
  try {
    await withTimeout(p(), 1500, what);
    return { status: 'ok' };
  } catch (e) {
    return { status: 'down', error: e instanceof Error ? e.message.slice(0, 200) : 'unreachable' };
  }
}

/**
 * A worker's own small HTTP port (WORKER_HTTP_PORT) for probes and scrapes: a worker does the real
 * work but has no api. Plain node:http, so a worker still never loads express.
 * - /healthz: the process is up.
 * - /readyz: PostgreSQL and Redis answer and every queue's worker is consuming (503 otherwise).
 * - /metrics: this process's Prometheus registry (the port is meant for the cluster network only).
 */
export async function startOpsServer(infra: InfraDeps, consuming: () => boolean, port: number, host: string): Promise<OpsServer> {
  const send = (res: http.ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') return send(res, 405, { status: 'method not allowed' });
    if (path === '/healthz') return send(res, 200, { status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
    if (path === '/readyz') {
      void Promise.all([
        check(() => infra.orm.em.getConnection().execute('select 1'), 'postgres'),
        check(() => infra.redis.ping(), 'redis'),
      ]).then(([postgres, redis]) => {
        const queues = consuming() ? { status: 'ok' as const } : { status: 'down' as const, error: 'not consuming' };
        const ready = postgres.status === 'ok' && redis.status === 'ok' && queues.status === 'ok';
        send(res, ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready', checks: { postgres, redis, queues } });
      });
      return;
    }
    if (path === '/metrics' && infra.metrics) {
      const registry = infra.metrics.registry;
      void registry.metrics().then(
        (text) => send(res, 200, text, registry.contentType),
        () => send(res, 500, { status: 'metrics failed' }),
      );
      return;
    }
    send(res, 404, { status: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
