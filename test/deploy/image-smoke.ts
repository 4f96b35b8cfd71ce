/**
 * The image's runtime stage without Docker (.ci/image-smoke.sh prepares RUNTIME_DIR the way the
 * Dockerfile does: `npm ci --omit=dev` from the lock file plus dist/). Runs the migration, then
 * ROLE=api and ROLE=worker from that folder with NODE_ENV=production, and checks /readyz on both and
 * a write round trip through the queue to the Meta simulator. Any runtime import of a dev
 * dependency makes a process fail to start here.
 */
import path from 'node:path';
import { startFacebookSim, ACCOUNTS } from '../simulators/facebook';
import { freePort, freshDatabase } from '../helpers/private-services';
import { http } from '../helpers/test-app';
import { PROD_SECRETS, startProcess, tenantWithAccounts, waitReady, type Proc } from './support/stack';

async function main(): Promise<void> {
  const dir = process.env.RUNTIME_DIR;
  if (!dir) throw new Error('RUNTIME_DIR is required');
  const [db, sim, apiPort, workerPort] = await Promise.all([freshDatabase('image', false), startFacebookSim(), freePort(), freePort()]);
  const procs: Proc[] = [];
  try {
    const env = {
      ...PROD_SECRETS,
      DATABASE_URL: db.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `image-smoke-${process.pid}`,
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
      LOG_LEVEL: 'warn',
      FACEBOOK_GRAPH_URL: sim.baseUrl,
      FACEBOOK_DIALOG_URL: sim.baseUrl,
      WORKER_HTTP_PORT: String(workerPort),
      PORT: String(apiPort),
    };
    const migrate = startProcess('migrate', path.join(dir, 'dist/api/migrate.js'), env, dir);
    const code = await new Promise<number | null>((r) => migrate.proc.once('exit', r));
    if (code !== 0) throw new Error(`migrate exited ${code}:\n${migrate.output()}`);

    const api = startProcess('api', path.join(dir, 'dist/api/main.js'), { ...env, ROLE: 'api' }, dir);
    const worker = startProcess('worker', path.join(dir, 'dist/workers/main.js'), { ...env, ROLE: 'worker' }, dir);
    procs.push(api, worker);
    await Promise.all([waitReady(api, `http://127.0.0.1:${apiPort}/readyz`), waitReady(worker, `http://127.0.0.1:${workerPort}/readyz`)]);
    console.log('api and worker ready (NODE_ENV=production, production dependencies only)');

    const base = `http://127.0.0.1:${apiPort}`;
    const acct = `act_${ACCOUNTS.alice[0]}`;
    const { headers } = await tenantWithAccounts(base, { facebook: sim }, [{ platform: 'facebook', adAccountId: acct }]);
    const name = `Image smoke ${Date.now()}`;
    const r = await http(base, 'POST', '/api/v1/facebook/campaigns/traffic', {
      headers: { ...headers, 'x-request-id': 'image-smoke-1' },
      body: { adAccountId: acct, name, status: 'PAUSED', special_ad_categories: [], is_adset_budget_sharing_enabled: false },
    });
    const created = [...sim.state.store.nodes.values()].filter((n) => (n.data as { name?: string }).name === name);
    if (r.status !== 200 || created.length !== 1 || r.body.data.id !== created[0]!.id) {
      throw new Error(`write round trip failed: ${r.status} ${JSON.stringify(r.body)}; simulator holds ${created.length}`);
    }
    console.log(`write round trip: campaign ${r.body.data.id} created once through the worker`);

    const metrics = await fetch(`http://127.0.0.1:${workerPort}/metrics`).then((m) => m.text());
    if (!/job_duration_seconds_count\{queue="platform-writes",operation="facebook\.[^"]+",outcome="completed"\} 1/.test(metrics)) {
      throw new Error(`worker /metrics lacks the completed job:\n${metrics.split('\n').filter((l) => l.startsWith('job_')).join('\n')}`);
    }
    const open = await fetch(`${base}/metrics`);
    const authed = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${PROD_SECRETS.METRICS_TOKEN}` } });
    if (open.status !== 401 || authed.status !== 200) throw new Error(`api /metrics: ${open.status} without token, ${authed.status} with it`);
    console.log('worker /metrics and token-protected api /metrics served');

    const codes = await Promise.all(procs.map((p) => p.stop('SIGTERM')));
    if (codes.some((c) => c !== 0)) throw new Error(`graceful stop exit codes ${codes.join(', ')}`);
    console.log('api and worker stopped cleanly on SIGTERM');
  } finally {
    await Promise.all(procs.map((p) => p.stop('SIGKILL')));
    await sim.close();
    await db.drop();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
