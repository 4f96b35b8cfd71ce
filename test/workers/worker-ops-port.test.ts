import { http, startWorld, type World } from '../world';
import { startOpsServer, type OpsServer } from '../../workers/ops-server';

/** What a worker serves on WORKER_HTTP_PORT for probes and scrapes. */
describe('worker ops port', () => {
  let w: World;
  let ops: OpsServer;
  let base: string;
  beforeAll(async () => {
    w = await startWorld({ platforms: [], tenant: false, workers: true });
    await Promise.all(w.app.workers!.workers.map((w) => w.waitUntilReady()));
    ops = await startOpsServer(w.app.infra, () => w.app.workers!.consuming(), 0, '127.0.0.1');
    base = `http://127.0.0.1:${ops.port}`;
  });
  afterAll(async () => {
    await ops.close();
    await w?.close();
  });

  it('/healthz answers 200 while the process is up', async () => {
    const r = await http(base, 'GET', '/healthz');
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ok');
  });

  it('/metrics serves the worker registry: queue depth per queue and state, job and platform metrics', async () => {
    const res = await fetch(`${base}/metrics`);
    const text = await res.text();
    expect(res.status).toBe(200);
    for (const q of ['platform-writes', 'imports', 'maintenance']) expect(text).toMatch(new RegExp(`queue_jobs\\{queue="${q}",state="active"\\} \\d+`));
    expect(text).toContain('# TYPE job_duration_seconds histogram');
    expect(text).toContain('# TYPE platform_call_duration_seconds histogram');
    expect(text).toContain('# TYPE limiter_wait_seconds histogram');
  });

  it('/readyz is 200 with PostgreSQL, Redis and consumption ok, and 503 once a queue stops being consumed', async () => {
    const ok = await http(base, 'GET', '/readyz');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'ready', checks: { postgres: { status: 'ok' }, redis: { status: 'ok' }, queues: { status: 'ok' } } });
    await w.app.workers!.workers[0]!.pause();
    const paused = await http(base, 'GET', '/readyz');
    expect(paused.status).toBe(503);
    expect(paused.body).toMatchObject({ status: 'not_ready', checks: { queues: { status: 'down', error: 'not consuming' } } });
    w.app.workers!.workers[0]!.resume();
  });

  it('answers 404 for anything else', async () => {
    expect((await http(base, 'GET', '/nope')).status).toBe(404);
  });
});
