import { CheckpointStore } from '../../../shared/domain/jobs/checkpoint-store';
import { writeOperationNamed } from '../../../shared/platforms';
import { ImportedEntityWriter } from '../../../shared/domain/jobs/entity-writer';
import type { WriteContext } from '../../../shared/platforms/core/write-operation';
import { listKey } from '../../simulators/facebook/model/store';
import { ACCOUNTS, PAGES } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { FB_ENV } from './fixtures';

const A1: string = ACCOUNTS.alice[0];
const PAGE: string = PAGES.alice[0];

describe('Meta leads: read and exported from a form on a Page the ad account promotes', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => {
    const aliceAccount = await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` });
    return { aliceAccount };
  });

  const formsOf = (page: string) => w.sim.raw.state.store.list(listKey.node(page, 'leadgen_forms')).items.map((f) => f.id);
  const leadsOf = (form: string) => w.sim.raw.state.store.list(listKey.node(form, 'leads')).items;
  const leadsCalls = async () => (await w.sim.calls()).filter((c) => c.path.endsWith('/leads'));

  it('answers the leads newest first with field_data and answers, paged with limit and after', async () => {
    const form = formsOf(PAGE)[0]!;
    const first = await w.call('GET', `/api/v1/facebook/lead-form/${form}/leads?adAccountId=${A1}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Leads fetched');
    expect(first.body.data.data).toHaveLength(2);
    expect(first.body.data.paging.hasNext).toBe(true);
    const lead = first.body.data.data[0];
    expect(lead).toMatchObject({ id: expect.any(String), form_id: form, created_time: expect.any(String) });
    expect(lead.field_data).toEqual([
      { name: 'full_name', values: [expect.any(String)] },
      { name: 'email', values: [expect.stringMatching(/@example\.test$/)] },
    ]);
    expect(lead.answers).toEqual({ full_name: lead.field_data[0].values[0], email: lead.field_data[1].values[0] });
    const rest = await w.call('GET', `/api/v1/facebook/lead-form/${form}/leads?adAccountId=${A1}&limit=2&after=${encodeURIComponent(first.body.data.paging.cursors.after)}`);
    expect(rest.body.data.data).toHaveLength(1);
    expect(rest.body.data.paging.hasNext).toBe(false);
    const ids = [...first.body.data.data, ...rest.body.data.data].map((l: { id: string }) => l.id).sort();
    expect(ids).toEqual(leadsOf(form).map((l) => l.id).sort());
  });

  it('since (unix seconds) keeps the leads created after it', async () => {
    const form = formsOf(PAGE)[0]!;
    const times = leadsOf(form).map((l) => Date.parse(String(l.data.created_time)) / 1000).sort();
    const since = times[0]! + 1;
    const r = await w.call('GET', `/api/v1/facebook/lead-form/${form}/leads?adAccountId=${A1}&since=${since}&pageId=${PAGE}`);
    expect(r.status).toBe(200);
    expect(r.body.data.data).toHaveLength(times.length - 1);
    const [call] = await leadsCalls();
    expect(JSON.parse(call!.query.filtering!)).toEqual([{ field: 'time_created', operator: 'GREATER_THAN', value: since }]);
  });

  it('a form on a Page the account does not promote is 404, and no lead is read', async () => {
    const foreign = formsOf(PAGES.bob[0]!)[0]!;
    await w.sim.clear();
    const r = await w.call('GET', `/api/v1/facebook/lead-form/${foreign}/leads?adAccountId=${A1}`);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await leadsCalls()).toHaveLength(0);
    const exp = await w.call('POST', `/api/v1/facebook/lead-form/${foreign}/leads/export`, { body: { adAccountId: A1 } });
    expect(exp.status).toBe(404);
    const wrongPage = await w.call('GET', `/api/v1/facebook/lead-form/${formsOf(PAGE)[0]}/leads?adAccountId=${A1}&pageId=${PAGES.alice[1]}`);
    expect(wrongPage.status).toBe(404);
  });

  it('bad paging or since → 400 naming the field', async () => {
    const form = formsOf(PAGE)[0]!;
    for (const [q, path] of [['limit=0', 'query.limit'], ['since=yesterday', 'query.since'], ['since=-5', 'query.since']]) {
      const r = await w.call('GET', `/api/v1/facebook/lead-form/${form}/leads?adAccountId=${A1}&${q}`);
      expect(r.status).toBe(400);
      expect(r.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
  });

  it('the export job stores every lead in its entities, reports progress, and a re-run stores each lead once', async () => {
    const form = formsOf(PAGE)[1]!;
    const entities = async (jobId: string) => (await w.call('GET', `/api/v1/jobs/${jobId}/entities?limit=100`)).body.data.items as { level: string; platformId: string; data: any }[];
    const first = await w.call('POST', `/api/v1/facebook/lead-form/${form}/leads/export`, { body: { adAccountId: A1 } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'Leads exported', data: { formId: form, leads: 3, pages: 1 } });
    const jobId = first.body.data.entitiesUrl.split('/')[4];
    expect(first.body.jobId).toBe(jobId);
    expect(first.headers.get('content-location')).toBe(`/api/v1/jobs/${jobId}`);
    const stored = await entities(jobId);
    expect(stored.map((e) => e.platformId).sort()).toEqual(leadsOf(form).map((l) => l.id).sort());
    expect(stored[0]).toMatchObject({ level: `leads:${form}`, data: { form_id: form, answers: { email: expect.any(String) } } });
    const job = (await w.call('GET', `/api/v1/jobs/${jobId}`)).body.data;
    expect(job).toMatchObject({ state: 'completed', operation: 'facebook.export-leads', progress: { leads: 3, pages: 1, done: true } });

    const again = await w.call('POST', `/api/v1/facebook/lead-form/${form}/leads/export`, { body: { adAccountId: A1 } });
    expect(again.status).toBe(200);
    const againId = again.body.data.entitiesUrl.split('/')[4];
    expect(againId).not.toBe(jobId);
    expect((await entities(againId)).map((e) => e.platformId).sort()).toEqual(stored.map((e) => e.platformId).sort());
    expect(await w.call('GET', `/api/v1/jobs/${againId}/entities?level=campaign`)).toMatchObject({ status: 200, body: { data: { items: [] } } });
  });

  it('a retried export resumes after the last page it stored, and a finished one reads nothing again', async () => {
    const form = formsOf(PAGE)[0]!;
    const done = await w.call('POST', `/api/v1/facebook/lead-form/${form}/leads/export`, { body: { adAccountId: A1 } });
    const jobId = done.body.data.entitiesUrl.split('/')[4] as string;
    const firstPage = await w.call('GET', `/api/v1/facebook/lead-form/${form}/leads?adAccountId=${A1}&limit=1`);
    const rows = (await w.app.infra.orm.em.getConnection().execute('select tenant_id from ad_accounts where id = ?', [w.aliceAccount.id])) as { tenant_id: string }[];
    const progress: unknown[] = [];
    const account = { id: w.aliceAccount.id, tenantId: rows[0]!.tenant_id, platform: 'facebook', platformAccountId: A1, connectionId: w.aliceAccount.connectionId };
    const ctx: WriteContext = {
      jobId, attempt: 2, log: w.app.infra.logger, checkpoint: new CheckpointStore(w.app.infra.orm, jobId), config: w.app.infra.config,
      account, caller: w.app.services.callerFor(account), requestId: () => '1', progress: async (p: unknown) => void progress.push(p),
      entities: new ImportedEntityWriter(w.app.infra.orm, { tenantId: account.tenantId, platform: 'facebook', adAccountId: account.id, jobId }),
      ...w.app.services.jobs.creates.forJob(jobId, account),
    };
    const op = writeOperationNamed('facebook.export-leads')!;

    await w.sim.clear();
    expect(await op.run(ctx, { formId: form })).toMatchObject({ leads: 3, pages: 1 });
    expect(await leadsCalls()).toHaveLength(0);

    // what a crash after the first stored page leaves behind
    await ctx.checkpoint.set('leads', { after: firstPage.body.data.paging.cursors.after, leads: 1, pages: 1, done: false });
    await w.sim.clear();
    expect(await op.run(ctx, { formId: form })).toMatchObject({ leads: 3, pages: 2 });
    const calls = await leadsCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query.after).toBe(firstPage.body.data.paging.cursors.after);
    expect(progress).toEqual([{ formId: form, leads: 3, pages: 2, done: true }]);
    const stored = (await w.call('GET', `/api/v1/jobs/${jobId}/entities`)).body.data.items;
    expect(stored).toHaveLength(3);
  });
});
