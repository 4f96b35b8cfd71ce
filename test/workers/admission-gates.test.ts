import { randomUUID } from 'node:crypto';
import { useWorld } from '../world';
import { createTenant } from '../helpers/identity';
import { RunLaterError } from '../../shared/errors/run-later';
import { defineWriteOperation } from '../../shared/platforms/core/write-operation';
import type { JobAccountSnapshot } from '../../shared/persistence/entities/job.entity';
import { startWorkers, type WorkerPool } from '../../workers/worker-pool';
import { until } from './support/jobs-fixture';

/** What the test operation's runs did, in order: `<key>` when its work ran, `<key> put back` when it asked to run later. */
const events: string[] = [];
/** Keys whose runs wait for the test to let them finish. */
const held = new Map<string, { release: () => void; done: Promise<void> }>();
/** Keys whose runs ask to be run later (RunLaterError), as a write waiting for its account's budget does. */
const notYet = new Set<string>();

const hold = (key: string) => {
  let release = () => undefined as void;
  const done = new Promise<void>((r) => (release = r));
  held.set(key, { release, done });
};

/** An update of one TikTok campaign (or of none), doing nothing at the platform: what the gates see of a write. */
const testUpdate = defineWriteOperation<{ key: string; campaignId?: string }>({
  name: 'test.gates.update',
  platform: 'tiktok',
  kind: 'update',
  targets: (p) => (p.campaignId ? [`campaign:${p.campaignId}`] : []),
  run: async (_ctx, p) => {
    if (notYet.has(p.key)) {
      events.push(`${p.key} put back`);
      throw new RunLaterError(Date.now() + 100, 'test: not yet');
    }
    events.push(p.key);
    await held.get(p.key)?.done;
    return { key: p.key };
  },
});

/**
 * The gates a write passes before it claims its job: a tenant is held to its share of a worker's
 * slots while others wait, and two writes to one object run in the order they were accepted.
 */
describe('admission gates of platform writes', () => {
  const w = useWorld({ platforms: [], env: { TENANT_MAX_ACTIVE_WRITES: '1', WRITE_WORKER_CONCURRENCY: '4' }, writeOperations: [testUpdate] });
  const pools: WorkerPool[] = [];
  const workers = async () => {
    const pool = startWorkers(w.app.services, { queues: ['platform-writes'] });
    pools.push(pool);
    await Promise.all(pool.workers.map((wk) => wk.waitUntilReady()));
  };
  afterEach(async () => {
    for (const [, h] of held) h.release();
    held.clear();
    notYet.clear();
    for (const p of pools.splice(0)) await p.close(2000);
    events.length = 0;
  });

  const account = (tenantId: string): JobAccountSnapshot => ({ id: randomUUID(), tenantId, platform: 'tiktok', platformAccountId: '7000000000000000099', connectionId: randomUUID() });
  /** A write accepted as the api accepts it (row, order, queue entry), answered 202. */
  const submit = async (tenantId: string, acct: JobAccountSnapshot, params: { key: string; campaignId?: string }) => {
    const r = await w.app.services.jobs.submit(
      { auth: { kind: 'tenant-api-key', tenantId, apiKeyId: 'test' } },
      { type: 'write', platform: 'tiktok', adAccount: acct, operation: testUpdate.name, params, preferAsync: true },
    );
    return r.job.id;
  };
  const row = (id: string) => w.app.services.jobs.store.findById(id);
  const completed = (id: string) => until(async () => (await row(id))?.state === 'completed', 20_000);
  const queueState = (id: string) => w.app.infra.queues.queue('platform-writes').getJobState(id);

  it('with tenant X holding its share, tenant Y\'s write is admitted while X\'s others wait', async () => {
    const x = w.tenant.tenantId;
    const y = (await createTenant(w.app)).tenantId;
    const xAccount = account(x);
    for (const key of ['x1', 'x2', 'x3', 'x4', 'y1']) hold(key);
    // Accepted before any worker runs: the four slots would all go to X's writes, first in the queue.
    const xs = [];
    for (const key of ['x1', 'x2', 'x3', 'x4']) xs.push(await submit(x, xAccount, { key }));
    const y1 = await submit(y, account(y), { key: 'y1' });
    await workers();

    await until(async () => events.includes('y1'), 20_000);
    // Before Y's write ran, X ran only its share; the rest of its writes were put back.
    expect(events.slice(0, events.indexOf('y1')).filter((e) => e.startsWith('x'))).toEqual(['x1']);
    const [, x2] = xs;

    for (const [, h] of held) h.release();
    for (const id of [...xs, y1]) await completed(id);
    // Being put back for its tenant's share used no attempt, and was counted as a start that did nothing.
    expect(await row(x2 ?? '')).toMatchObject({ state: 'completed', attempts: 1 });
    const entry = await w.app.infra.queues.queue('platform-writes').getJob(x2 ?? '');
    expect(entry?.data.$runner.bounces).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('two writes to one object run in the order they were accepted, the first put back meanwhile', async () => {
    const acct = account(w.tenant.tenantId);
    await workers();
    notYet.add('first');
    const first = await submit(w.tenant.tenantId, acct, { key: 'first', campaignId: '42' });
    await until(async () => events.includes('first put back'));
    const second = await submit(w.tenant.tenantId, acct, { key: 'second', campaignId: '42' });
    // Another object of the same account is not held by them.
    const other = await submit(w.tenant.tenantId, acct, { key: 'other', campaignId: '43' });
    await completed(other);
    await until(async () => (await queueState(second)) === 'delayed');
    expect(events).not.toContain('second');
    expect(await row(second)).toMatchObject({ state: 'queued', attempts: 0 });

    notYet.delete('first');
    await completed(first);
    await completed(second);
    expect(events.filter((e) => e === 'first' || e === 'second')).toEqual(['first', 'second']);
  }, 60_000);

  it('an earlier write whose job ended, or whose row is gone, does not hold the object', async () => {
    const acct = account(w.tenant.tenantId);
    const order = { scope: `${acct.tenantId}:tiktok:${acct.platformAccountId}`, objects: ['campaign:77'] };
    await w.app.services.jobs.order.record(randomUUID(), order);
    const failed = await submit(w.tenant.tenantId, acct, { key: 'abandoned', campaignId: '77' });
    await w.app.infra.orm.em.getConnection().execute(`update jobs set state = 'failed', finished_at = now() where id = ?`, [failed]);
    const next = await submit(w.tenant.tenantId, acct, { key: 'next', campaignId: '77' });
    await workers();
    await completed(next);
    expect(await w.app.services.jobs.order.earlier(next, order)).toEqual([]);
  }, 60_000);
});
