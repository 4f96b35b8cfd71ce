/**
 * 10. The tenant console with real volumes: 10,000 jobs and 1,000 connections of one end user in one
 * tenant, seeded in SQL; each console page is timed against the JSON route that reads the same
 * data with the same filter, one request at a time, back to back, in the same gateway process.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import type { Scenario } from '../lib/context';
import { queryBenchDb } from '../lib/infra';
import { repeat, timedPasses } from '../lib/load';
import { call, expectStatus } from '../lib/setup';

const JOBS = 10_000;
const CONNECTIONS = 1_000;

async function seed(ctx: Parameters<Scenario['run']>[0], tenantId: string, userId: string): Promise<void> {
  const owner = `eu:${userId}`;
  // States and operations spread so every filter has work to do; created over the last two days.
  await queryBenchDb(ctx.infra, `
    insert into jobs (id, tenant_id, owner_key, type, operation, platform, queue, platform_account_id, state, attempts, result, error, created_at, started_at, finished_at)
    select gen_random_uuid(), $1, $2, 'write', (array['campaign.status', 'campaign.budget', 'adgroup.status'])[1 + i % 3], 'tiktok', 'writes',
           (7000000000000000000 + i % 50)::text, (array['completed', 'failed', 'completed', 'queued'])[1 + i % 4], 1,
           case when i % 4 in (0, 2) then '{"ok":true}'::jsonb end,
           case when i % 4 = 1 then '{"code":"PLATFORM_REJECTED","message":"refused"}'::jsonb end,
           now() - make_interval(secs => i * 17), now() - make_interval(secs => i * 17 - 1), case when i % 4 <> 3 then now() - make_interval(secs => i * 17 - 2) end
    from generate_series(1, $3::int) as i`, [tenantId, owner, JOBS]);
  await queryBenchDb(ctx.infra, `
    insert into connections (id, tenant_id, external_user_id, platform, kind, status, scopes, created_at, updated_at)
    select gen_random_uuid(), $1, $2, 'tiktok', 'oauth', (array['active', 'active', 'expired', 'revoked'])[1 + i % 4], '["ad.read"]'::jsonb,
           now() - make_interval(secs => i * 60), now()
    from generate_series(1, $3::int) as i`, [tenantId, userId, CONNECTIONS]);
  // PostgreSQL's autovacuum analyses a table soon after a bulk insert like this; timing before it does
  // measures a plan no deployment keeps (the tenant-wide jobs list read every row and sorted it).
  await queryBenchDb(ctx.infra, 'analyze jobs; analyze connections');
}

async function get(pool: Pool, path: string, headers: Record<string, string>): Promise<void> {
  const r = await pool.request({ method: 'GET', path, headers });
  await r.body.text();
  if (r.statusCode !== 200) throw new Error(`GET ${path}: ${r.statusCode}`);
}

export const consoleScenario: Scenario = {
  id: 'console',
  title: 'Console pages vs the JSON routes with the same filter (10k jobs, 1k connections)',
  async run(ctx) {
    const env = await ctx.env([]);
    const api = await ctx.api(env, 'api-console');
    const tag = randomBytes(4).toString('hex');
    const email = `console-${tag}@example.test`;
    const password = `Bench-${randomUUID()}`;
    const signUp = expectStatus(await call(api.url, 'POST', '/api/v1/tenants', { body: { email, password, name: `Bench ${tag}`, tenantName: `Console ${tag}` } }), 201, 'sign-up') as { apiKey: string; tenant: { id: string } };
    const token = (expectStatus(await call(api.url, 'POST', '/api/v1/auth/token', { headers: { 'x-api-key': signUp.apiKey }, body: { externalUserId: 'bench-user' } }), 200, 'user token') as { accessToken: string }).accessToken;
    const [user] = await queryBenchDb<{ id: string }>(ctx.infra, 'select id from external_users where tenant_id = $1 and external_id = $2', [signUp.tenant.id, 'bench-user']);
    await seed(ctx, signUp.tenant.id, user!.id);
    const [aJob] = await queryBenchDb<{ id: string }>(ctx.infra, `select id from jobs where tenant_id = $1 and state = 'failed' order by created_at desc limit 1`, [signUp.tenant.id]);

    const form = await fetch(`${api.url}/console/sign-in`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, password, next: '/console' }).toString() });
    if (form.status !== 303) throw new Error(`console sign-in: ${form.status}`);
    const cookie = { cookie: (form.headers.get('set-cookie') ?? '').split(';')[0]! };
    const bearer = { authorization: `Bearer ${token}` };

    // The console lists 50 jobs and 25 connections a page; the JSON routes are asked for as many.
    const pairs = [
      { label: 'jobs, state=failed', page: '/console/jobs?state=failed', json: '/api/v1/jobs?state=failed&limit=50' },
      { label: 'jobs, one ad account', page: '/console/jobs?account=7000000000000000007', json: '/api/v1/jobs?adAccountId=7000000000000000007&limit=50' },
      { label: 'one job', page: `/console/jobs/${aJob!.id}`, json: `/api/v1/jobs/${aJob!.id}` },
      { label: 'connections', page: '/console/connections', json: '/api/v1/connections?limit=25' },
    ];
    const pool = new Pool(api.url, { connections: 1 });
    try {
      for (const p of pairs) {
        await get(pool, p.page, cookie);
        await get(pool, p.json, bearer);
      }
      const overviewPass = () => get(pool, '/console', cookie);
      await timedPasses(ctx.settings.warmupS, overviewPass);
      const runs = await repeat(ctx.settings.repeats, async () => {
        const out: Record<string, number> = {};
        for (const [i, p] of pairs.entries()) {
          const page = await timedPasses(ctx.settings.referenceS, () => get(pool, p.page, cookie));
          const json = await timedPasses(ctx.settings.referenceS, () => get(pool, p.json, bearer));
          out[`page${i}`] = page.p50;
          out[`json${i}`] = json.p50;
        }
        out.overview = (await timedPasses(ctx.settings.referenceS, overviewPass)).p50;
        return out;
      });
      const m = runs.median;
      const ratio = (i: number) => m[`page${i}`]! / m[`json${i}`]!;
      return {
        status: 'ok',
        rows: [
          ...pairs.flatMap((p, i) => [
            { label: `JSON ${p.json.split('?')[0]} (${p.label})`, p50: m[`json${i}`]! },
            { label: `console ${p.page.split('?')[0]} (${p.label})`, p50: m[`page${i}`]!, other: `${ratio(i).toFixed(2)}× the JSON route` },
          ]),
          { label: 'console overview (no JSON twin)', p50: m.overview! },
        ],
        targets: pairs.map((p, i) => ({ name: `console ${p.label}: p50 vs JSON route`, expected: '≤ 2×', actual: `${ratio(i).toFixed(2)}×`, met: ratio(i) <= 2 })),
        notes: [`${JOBS} jobs and ${CONNECTIONS} connections of one end user; the JSON route as that user (Bearer), the console as the tenant owner (cookie); one request at a time, ${ctx.settings.referenceS} s per measurement`],
        details: { runs: runs.runs },
      };
    } finally {
      await pool.close();
    }
  },
};
