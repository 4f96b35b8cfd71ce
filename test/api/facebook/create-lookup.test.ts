import { randomUUID } from 'node:crypto';
import { http } from '../../helpers/test-app';
import { CheckpointStore } from '../../../shared/domain/jobs/checkpoint-store';
import { writeOperationNamed } from '../../../shared/platforms';
import { inFlightWindowMs } from '../../../shared/platforms/core/create-once';
import type { CreateLookupStyle, WriteContext } from '../../../shared/platforms/core/write-operation';
import { isAppError } from '../../../shared/errors/app-error';
import { ACCOUNTS } from '../../simulators/facebook';
import { fbTime } from '../../simulators/facebook/model/ad-objects';
import { listKey } from '../../simulators/facebook/model/store';
import { useWorld } from '../../world';
import { FB_ENV } from './fixtures';

/*
 * How a Meta create is found again after its worker died between Meta's accept and the job's
 * checkpoint, without changing the name it was given: by that exact name, its objective, a created
 * time since the step's first send, and claims that keep two jobs from taking the same object. Each
 * test runs the operation as a worker would, then leaves what a crash leaves: the send mark, older
 * than the in-flight window, and no claim.
 */
const A1 = ACCOUNTS.alice[0]!;
let n = 0;
const uniq = (what: string) => `${what} ${Date.now()}-${++n}`;

describe('a Meta create found again after a crash, under the name the caller gave', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => {
    const aliceAccount = await w.connect('facebook', { adAccountId: `act_${A1}` });
    return { aliceAccount };
  });

  const sql = (q: string, p: unknown[] = []) => w.app.infra.orm.em.getConnection().execute(q, p);
  const account = () => ({ id: w.aliceAccount.id, tenantId: w.tenant.tenantId, platform: 'facebook', platformAccountId: A1, connectionId: w.aliceAccount.connectionId });
  const campaignPosts = async () => (await w.sim.calls(`/act_${A1}/campaigns`)).filter((c) => c.method === 'POST').length;
  const node = (id: string) => w.sim.raw.state.store.get(id)?.data as Record<string, unknown> | undefined;

  function ctxFor(jobId: string, style: CreateLookupStyle = 'name-and-time'): WriteContext {
    const a = account();
    return {
      jobId, attempt: 1, log: w.app.infra.logger, checkpoint: new CheckpointStore(w.app.infra.orm, jobId), config: w.app.infra.config,
      account: a, caller: w.app.services.callerFor(a), requestId: () => '1', progress: async () => undefined,
      entities: { upsert: async () => undefined, pruneUnseen: async () => 0 },
      ...w.app.services.jobs.creates.forJob(jobId, a),
      createLookup: async () => style,
    };
  }

  /** A job row as the api writes it: the pending-steps count only sees unfinished jobs. */
  async function jobRow(): Promise<string> {
    const id = randomUUID();
    await sql(
      `insert into jobs (id, tenant_id, owner_key, type, operation, platform, queue, state) values (?, ?, 'test', 'write', 'facebook.create-campaign', 'facebook', 'platform-writes', 'active')`,
      [id, w.tenant.tenantId],
    );
    return id;
  }

  const create = (jobId: string, name: string, style?: CreateLookupStyle) =>
    writeOperationNamed('facebook.create-campaign')!.run(ctxFor(jobId, style), {
      objective: 'lead',
      campaign: { adAccountId: A1, name, status: 'PAUSED', special_ad_categories: [], is_adset_budget_sharing_enabled: true },
    }) as Promise<{ id: string }>;

  /** What a SIGKILL right after Meta's answer leaves: the send mark (its window long over) and no claim. */
  async function crash(jobId: string): Promise<void> {
    const store = new CheckpointStore(w.app.infra.orm, jobId);
    const mark = (await store.get<Record<string, unknown>>('campaign'))!;
    await store.set('campaign', { ...mark, sentAt: Date.now() - inFlightWindowMs(w.app.infra) - 1000 });
    await sql('delete from create_claims where job_id = ?', [jobId]);
  }

  /** An object someone made in Ads Manager: same name and objective, made `agoMs` ago. */
  function madeElsewhere(name: string, agoMs: number): string {
    const store = w.sim.raw.state.store;
    const id = store.newId('campaign');
    const data = { account_id: A1, name, objective: 'OUTCOME_LEADS', status: 'PAUSED', created_time: fbTime(Date.now() - agoMs) };
    store.add('campaign', id, data, { acct: A1 }, [listKey.account(A1, 'campaigns')]);
    return id;
  }

  it('two jobs creating the same name in the same second, both crashed after Meta accepted, end with two objects and each job holds its own', async () => {
    const name = uniq('Twin');
    const [j1, j2] = [await jobRow(), await jobRow()];
    const made = await Promise.all([create(j1, name), create(j2, name)]);
    await Promise.all([crash(j1), crash(j2)]);
    const before = await campaignPosts();
    const found = await Promise.all([create(j1, name), create(j2, name)]);
    expect(await campaignPosts()).toBe(before);
    expect(new Set(found.map((f) => f.id))).toEqual(new Set(made.map((m) => m.id)));
    for (const f of found) expect(node(f.id)!.name).toBe(name);
    const claims = (await sql('select job_id, object_id from create_claims where job_id in (?, ?)', [j1, j2])) as { job_id: string; object_id: string }[];
    expect(new Set(claims.map((c) => c.object_id))).toEqual(new Set(made.map((m) => m.id)));
    expect(new Set(claims.map((c) => c.job_id))).toEqual(new Set([j1, j2]));
  });

  it('an object of the same name made elsewhere before the send is never taken: a create that never reached Meta creates its own', async () => {
    const name = uniq('Elsewhere');
    const theirs = madeElsewhere(name, 3600_000);
    const job = await jobRow();
    const mine = await create(job, name);
    await crash(job);
    // Meta's own object was made an hour before this step's send: the retry finds only its own.
    expect((await create(job, name)).id).toBe(mine.id);

    const unsent = await jobRow();
    const early = Date.now() - inFlightWindowMs(w.app.infra) - 1000;
    const sig = ((await new CheckpointStore(w.app.infra.orm, job).get<{ sigs: string[] }>('campaign'))!).sigs;
    // A send whose request never reached Meta (the worker died on the wire): nothing to find, so it creates.
    await new CheckpointStore(w.app.infra.orm, unsent).set('campaign', { state: 'calling', requestId: '1', names: [name], sigs: sig, firstSentAt: early, lastSentAt: early, sentAt: early });
    const before = await campaignPosts();
    const made = await create(unsent, name);
    expect(await campaignPosts()).toBe(before + 1);
    expect([theirs, mine.id]).not.toContain(made.id);
    expect(node(made.id)!.name).toBe(name);
  });

  it('two matching objects and one create that may have made them: CREATE_UNCONFIRMED naming both, and nothing is created', async () => {
    const name = uniq('Ambiguous');
    const job = await jobRow();
    const mine = await create(job, name);
    const theirs = madeElsewhere(name, 0);
    await crash(job);
    const before = await campaignPosts();
    const err = await create(job, name).catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe('CREATE_UNCONFIRMED');
    expect(isAppError(err) && err.details).toEqual([expect.objectContaining({ candidateIds: expect.arrayContaining([mine.id, theirs]) })]);
    expect(await campaignPosts()).toBe(before);
  });

  it('tagged names, when the tenant chooses them: the name carries the step tag and a retry finds exactly it', async () => {
    // Read (and kept) before the change: the change drops what was kept.
    expect(await w.app.services.jobs.creates.of(w.tenant.tenantId)).toBe('name-and-time');
    const patched = await http(w.app.url, 'PATCH', '/api/v1/tenant', { headers: { 'x-api-key': w.apiKey }, body: { settings: { createLookup: 'tagged-name' } } });
    expect(patched.status).toBe(200);
    expect(await w.app.services.jobs.creates.of(w.tenant.tenantId)).toBe('tagged-name');
    const name = uniq('Tagged');
    const job = await jobRow();
    const made = await create(job, name, 'tagged-name');
    expect(String(node(made.id)!.name)).toMatch(new RegExp(`^${name} #[a-z2-9]{8}$`));
    madeElsewhere(name, 0);
    await crash(job);
    expect((await create(job, name)).id).toBe(made.id);
    await http(w.app.url, 'PATCH', '/api/v1/tenant', { headers: { 'x-api-key': w.apiKey }, body: { settings: { createLookup: null } } });
    expect(await w.app.services.jobs.creates.of(w.tenant.tenantId)).toBe('name-and-time');
  });
});
