import { ACCOUNTS } from '../../simulators/facebook';
import { createTenant } from '../../helpers/identity';
import { useWorld, type World } from '../../world';
import { FB_ENV } from '../facebook/fixtures';

/*
 * Proxied writes on the team surface (`/api/v1/{teamId}/{platform}/proxy/{path}`, x-api-key, the
 * team as the external user) behave as their main-surface twins; and the job of a refused proxied
 * write shows the platform's error object exactly as the write's own answer did.
 */

const jobsOf = async (w: World) => (await w.call('GET', '/api/v1/jobs')).body.data.items as { id: string }[];
const posts = async (w: World) => (await w.sim.calls('/adlabels')).filter((c) => c.method === 'POST');

describe('Meta proxy: team-surface writes', () => {
  const A = ACCOUNTS.alice[0]!;
  const B = ACCOUNTS.bob[0]!;
  const w = useWorld({ platform: 'facebook', workers: true, env: { ...FB_ENV, HTTP_MAX_RETRIES: '1' } }, async (w) => {
    await w.connect('facebook', { adAccountId: `act_${A}` });
    const bob = await w.userFor('bob-ext');
    await w.connect('facebook', { adAccountId: B, as: bob, simUser: 'bob' });
  });
  const team = () => `/api/v1/${encodeURIComponent(w.user.externalUserId)}/facebook/proxy`;
  const key = (apiKey = w.apiKey) => ({ as: { 'x-api-key': apiKey } });

  it('a write through the team surface runs as a job, sent once; the job is the team’s', async () => {
    const r = await w.call('POST', `${team()}/act_${A}/adlabels`, { body: { name: 'Team label' }, ...key() });
    expect(r.status).toBe(200);
    expect(r.body.jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers.get('proxy-write-delivery')).toBe('at-most-once');
    expect(r.body.data.id).toMatch(/^\d+$/);
    expect((await posts(w)).map((c) => c.body?.name)).toEqual(['Team label']);
    expect((await jobsOf(w)).map((j) => j.id)).toContain(r.body.jobId);
  });

  it('another user’s account: the same 403 as the main surface, no call and no job', async () => {
    const before = (await jobsOf(w)).length;
    const viaTeam = await w.call('POST', `${team()}/act_${B}/adlabels`, { body: { name: 'Not mine' }, ...key() });
    const viaRest = await w.call('POST', `/api/v1/facebook/proxy/act_${B}/adlabels`, { body: { name: 'Not mine' } });
    expect([viaTeam.status, viaTeam.body.error.code]).toEqual([403, 'AD_ACCOUNT_NOT_OWNED']);
    expect([viaTeam.status, viaTeam.body.error.code]).toEqual([viaRest.status, viaRest.body.error.code]);
    expect(await w.sim.calls()).toHaveLength(0);
    expect(await jobsOf(w)).toHaveLength(before);
  });

  it('another tenant’s key: refused as on the main surface, no call and no job', async () => {
    const other = await createTenant(w.app);
    const before = (await jobsOf(w)).length;
    const viaTeam = await w.call('POST', `${team()}/act_${A}/adlabels`, { body: { name: 'Foreign' }, ...key(other.apiKey) });
    const viaRest = await w.call('POST', `/api/v1/facebook/proxy/act_${A}/adlabels?externalUserId=${encodeURIComponent(w.user.externalUserId)}`, {
      body: { name: 'Foreign' },
      ...key(other.apiKey),
    });
    expect([401, 403, 404]).toContain(viaTeam.status);
    expect([viaTeam.status, viaTeam.body.error.code]).toEqual([viaRest.status, viaRest.body.error.code]);
    expect(await w.sim.calls()).toHaveLength(0);
    expect(await jobsOf(w)).toHaveLength(before);
  });

  it('GET /jobs/{id} of a refused proxied write shows the same error.platform as the write’s answer', async () => {
    const r = await w.call('POST', `${team()}/act_${A}/adlabels`, { body: {}, ...key() });
    expect([r.status, r.body.error.code]).toEqual([422, 'PLATFORM_REJECTED']);
    expect(r.body.error.platform).toMatchObject({ code: 100, message: expect.any(String) });
    // The team is the external user: the job is read as that user.
    const job = await w.call('GET', `/api/v1/jobs/${r.body.jobId}`);
    expect(job.status).toBe(200);
    expect(job.body.data.state).toBe('failed');
    expect(job.body.data.error).toMatchObject({ code: 'PLATFORM_REJECTED' });
    expect(job.body.data.error.platform).toEqual(r.body.error.platform);
    expect(JSON.stringify(job.body.data.error.platform)).not.toMatch(/access_token|appsecret_proof/);
  });
});
