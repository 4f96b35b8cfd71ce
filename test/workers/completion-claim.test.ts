import { randomUUID } from 'node:crypto';
import { isAppError } from '../../shared/errors/app-error';
import { ACCOUNTS } from '../simulators/facebook';
import { useWorld } from '../world';
import { FB_ENV } from '../api/facebook/fixtures';

/*
 * A create's claim on the object it made taken by the statement that completes its job: the job
 * completes (with its audit record) only when every object is claimed; a refused claim leaves the
 * job and its record as they were, gives back what it inserted, and fails with CREATE_UNCONFIRMED.
 */
const A1 = ACCOUNTS.alice[0]!;
let n = 0;

describe('the claim of a create completes its job in the same statement', () => {
  // No workers: the jobs stay queued, and the test completes them as a worker's run would.
  const w = useWorld({ platform: 'facebook', env: FB_ENV }, async (w) => ({ account: await w.connect('facebook', { adAccountId: `act_${A1}` }) }));
  const sql = (q: string, p: unknown[] = []) => w.app.infra.orm.em.getConnection().execute(q, p);

  async function queuedWrite(): Promise<string> {
    const r = await w.call('POST', '/api/v1/facebook/campaigns/traffic', {
      body: { adAccountId: A1, name: `claim ${Date.now()}-${++n}`, special_ad_categories: [], is_adset_budget_sharing_enabled: false },
      headers: { prefer: 'respond-async' },
    });
    expect(r.status).toBe(202);
    return r.body.data.jobId as string;
  }
  const claim = (jobId: string, objectIds: string[]) => ({ tenantId: w.tenant.tenantId, platform: 'facebook', jobId, step: 'campaign', objectIds });
  const stateOf = async (jobId: string) => ((await sql('select state from jobs where id = ?', [jobId])) as { state: string }[])[0]?.state;
  const recordOf = async (jobId: string) => ((await sql('select outcome, object_id from audit_records where job_id = ?', [jobId])) as { outcome: string; object_id: string | null }[])[0];
  const claimsOf = async (jobId: string) => ((await sql('select object_id from create_claims where job_id = ? order by object_id', [jobId])) as { object_id: string }[]).map((r) => r.object_id);

  it('completes the job, ends its audit record with the object id and holds the object for the step', async () => {
    const jobId = await queuedWrite();
    const objectId = `9${Date.now()}`;
    await w.app.services.jobs.store.markCompleted(jobId, { id: objectId }, w.tenant.tenantId, claim(jobId, [objectId]));
    expect(await stateOf(jobId)).toBe('completed');
    expect(await recordOf(jobId)).toEqual({ outcome: 'completed', object_id: objectId });
    expect(await claimsOf(jobId)).toEqual([objectId]);
  });

  it('an object another job holds: CREATE_UNCONFIRMED, the job and its record unchanged, nothing of the claim left', async () => {
    const [jobId, other] = [await queuedWrite(), await queuedWrite()];
    const [taken, free] = [`7${Date.now()}`, `8${Date.now()}`];
    await w.app.services.jobs.store.markCompleted(other, { id: taken }, w.tenant.tenantId, claim(other, [taken]));
    const err = await w.app.services.jobs.store.markCompleted(jobId, { id: free }, w.tenant.tenantId, claim(jobId, [free, taken])).catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe('CREATE_UNCONFIRMED');
    expect(await stateOf(jobId)).toBe('queued');
    expect((await recordOf(jobId))?.outcome).toBe('accepted');
    expect(await claimsOf(jobId)).toEqual([]);
    expect(await claimsOf(other)).toEqual([taken]);
  });

  it('a job already finished keeps its outcome; the claim is still taken', async () => {
    const jobId = await queuedWrite();
    await w.app.services.jobs.store.markFailed(jobId, { code: 'PLATFORM_UNAVAILABLE', message: 'gone' }, w.tenant.tenantId);
    const objectId = `6${Date.now()}-${randomUUID().slice(0, 4)}`;
    await w.app.services.jobs.store.markCompleted(jobId, { id: objectId }, w.tenant.tenantId, claim(jobId, [objectId]));
    expect(await stateOf(jobId)).toBe('failed');
    expect(await claimsOf(jobId)).toEqual([objectId]);
  });
});
