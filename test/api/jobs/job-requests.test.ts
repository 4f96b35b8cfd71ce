import { randomUUID } from 'node:crypto';
import { openApiDocument } from '../../../api/openapi-document';
import { ACCOUNTS } from '../../simulators/facebook';
import { http, useWorld } from '../../world';
import { FB_ENV } from '../facebook/fixtures';

/*
 * What a job-starting request and the jobs list take, with Meta imports as the jobs: the account id
 * in any form the platform routes take, an Idempotency-Key on the import POST, and the 202 body
 * naming the job's state as the job does.
 */
const [A1, A2] = [ACCOUNTS.alice[0]!, ACCOUNTS.alice[1]!];
const IMPORT = '/api/v1/facebook/import-ad-account';

const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => {
  const first = await w.connect('facebook', { adAccountId: `act_${A1}` });
  await w.connect('facebook', { adAccountId: A2, through: first });
});

const startImport = (adAccountId: string, headers: Record<string, string> = {}) =>
  http(w.app.url, 'POST', IMPORT, { headers: { ...w.user.headers, ...headers }, body: { adAccountId } });
const listed = async (q: string) => {
  const r = await http(w.app.url, 'GET', `/api/v1/jobs${q}`, { headers: w.user.headers });
  expect(r.status).toBe(200);
  return (r.body.data.items as Array<{ id: string }>).map((j) => j.id);
};

describe('job-starting requests and the jobs list', () => {
  it('GET /api/v1/jobs?adAccountId takes the act_ form of a Meta account id, as every other route does', async () => {
    const r = await startImport(`act_${A1}`);
    expect(r.status).toBe(200);
    for (const q of [`?adAccountId=act_${A1}`, `?adAccountId=${A1}`, `?adAccountId=act_${A1}&platform=facebook`]) {
      expect({ q, ids: await listed(q) }).toEqual({ q, ids: expect.arrayContaining([r.body.jobId]) });
    }
    expect(await listed(`?adAccountId=act_${A1}&platform=tiktok`)).toEqual([]);
    expect(await listed('?adAccountId=act_999')).toEqual([]);
    expect(await listed('?adAccountId=not-an-id')).toEqual([]);
  });

  it('an import POST with an Idempotency-Key replays its first outcome, and refuses the key with another body', async () => {
    const key = { 'idempotency-key': `import-${randomUUID()}` };
    const first = await startImport(`act_${A1}`, key);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // The same account in its other form is the same request.
    for (const id of [`act_${A1}`, A1]) {
      const again = await startImport(id, key);
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body.jobId).toBe(first.body.jobId);
      expect(again.body.data).toEqual(first.body.data);
    }
    const other = await startImport(A2, key);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await startImport(A2, { 'idempotency-key': 'not a key' })).status).toBe(400);
  });

  it('a keyed import that joins a running import of the account answers that job, and so does its replay', async () => {
    await w.sim.latency(150);
    try {
      const running = await startImport(A2, { prefer: 'respond-async' });
      expect(running.status).toBe(202);
      const key = { 'idempotency-key': `import-${randomUUID()}`, prefer: 'respond-async' };
      const joined = await startImport(A2, key);
      expect(joined.body.jobId).toBe(running.body.jobId);
      expect(joined.headers.get('idempotent-replayed')).toBeNull();
      const replay = await startImport(A2, key);
      expect(replay.body.jobId).toBe(running.body.jobId);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
    } finally {
      await w.sim.latency(0);
    }
  });

  it('a 202 names the job state as `state`, the job does, with `status` kept as its deprecated alias', async () => {
    const r = await startImport(A1, { prefer: 'respond-async' });
    expect(r.status).toBe(202);
    expect(r.body.data).toEqual({ jobId: r.body.jobId, state: expect.stringMatching(/^(queued|active|completed|failed)$/), status: r.body.data.state, pollUrl: r.body.pollUrl });
  });

  it('the document declares Idempotency-Key (and its 409) on the five import POSTs, and `state` in the 202 body', () => {
    const doc = openApiDocument() as any;
    const imports = Object.entries(doc.paths as Record<string, any>)
      .filter(([p, item]) => p.endsWith('/import-ad-account') && item.post)
      .map(([p, item]) => [p, item.post] as const);
    expect(imports.map(([p]) => p).sort()).toEqual([
      '/api/v1/facebook/import-ad-account',
      '/api/v1/google/import-ad-account',
      '/api/v1/linkedin/import-ad-account',
      '/api/v1/tiktok/import-ad-account',
      '/api/v1/{teamId}/facebook/import-ad-account',
    ]);
    for (const [p, op] of imports) {
      expect({ p, key: op.parameters.some((x: any) => x.$ref === '#/components/parameters/IdempotencyKey') }).toEqual({ p, key: true });
      expect({ p, conflict: Boolean(op.responses['409']) }).toEqual({ p, conflict: true });
      expect({ p, replayed: Boolean(op.responses['200'].headers['Idempotent-Replayed']) }).toEqual({ p, replayed: true });
    }
    const accepted = doc.components.schemas.JobAcceptedDto;
    expect(accepted.required).toEqual(expect.arrayContaining(['jobId', 'state', 'status', 'pollUrl']));
    expect(accepted.properties.status.deprecated).toBe(true);
    expect(accepted.properties.state.enum).toEqual(['queued', 'active', 'completed', 'failed']);
  });
});
