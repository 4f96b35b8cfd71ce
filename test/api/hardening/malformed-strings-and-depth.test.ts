import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { defineRoute } from '../../../api/routes/route';
import { ACCOUNTS } from '../../simulators/facebook';
import { http, startWorld, useWorld } from '../../world';
import { FB_ENV } from '../facebook/fixtures';

const SQL_MARKER = 'bound-value-7f3a9c-never-logged';

/** A test-only route whose INSERT fails in PostgreSQL with a bound value in it. */
const failingInsert = defineRoute({
  method: 'post',
  path: '/api/v1/__test/failing-insert',
  operationId: 'testFailingInsert',
  summary: 'failing insert',
  tags: ['Test'],
  auth: 'none',
  body: z.object({ value: z.string() }),
  handler: async ({ em, body }) => {
    await em.getConnection().execute('insert into no_such_table_for_tests (v) values (?)', [body.value]);
    return { data: null };
  },
});

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

describe('strings PostgreSQL cannot store, and deep nesting, are 400 naming the field', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => ({
    aliceAccount: await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` }),
  }));
  const campaign = (name: string) => ({
    adAccountId: w.aliceAccount.adAccountId,
    name,
    status: 'PAUSED',
    special_ad_categories: [],
    is_adset_budget_sharing_enabled: false,
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['lone high surrogate', 'a\ud800b'],
    ['lone low surrogate', '\udc00'],
  ])('a %s in a campaign name → 400 VALIDATION_FAILED at body.name', async (_what, name) => {
    const r = await w.call('POST', '/api/v1/facebook/campaigns/traffic', { body: campaign(name) });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    expect(r.body.error.details.map((d: { path: string }) => d.path)).toEqual(['body.name']);
  });

  it('a well-formed surrogate pair (emoji) is accepted', async () => {
    const r = await w.call('POST', '/api/v1/facebook/campaigns/traffic', { body: campaign('launch \ud83d\ude80') });
    expect(r.status).toBeLessThan(300);
  });

  it('a NUL inside a nested object field is named with its full path', async () => {
    const r = await http(w.app.url, 'POST', '/api/v1/auth/token', {
      headers: { 'x-api-key': w.apiKey },
      body: { externalUserId: 'nul-user', name: 'ok', metadata: { tags: ['x', 'y\u0000'] } },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details[0].path).toBe('body.metadata.tags.1');
  });

  it('a NUL in the token request name → 400, not a failed INSERT', async () => {
    const r = await http(w.app.url, 'POST', '/api/v1/auth/token', { headers: { 'x-api-key': w.apiKey }, body: { externalUserId: 'u\u0000' } });
    expect(r.status).toBe(400);
    expect(r.body.error.details[0].path).toBe('body.externalUserId');
  });

  it('a percent-encoded NUL in a query parameter → 400 at query.level', async () => {
    const r = await w.call('GET', '/api/v1/jobs/00000000-0000-4000-8000-000000000000/entities?level=%00');
    expect(r.status).toBe(400);
    expect(r.body.error.details[0].path).toBe('query.level');
  });

  it('a percent-encoded NUL in a path parameter → 400 at params', async () => {
    const r = await w.call('GET', '/api/v1/jobs/ab%00cd');
    expect(r.status).toBe(400);
    expect(r.body.error.details[0].path).toBe('params.jobId');
  });

  it('a lone surrogate escaped in an object key → 400', async () => {
    const raw = await http(w.app.url, 'PATCH', '/api/v1/tenant/profile', {
      headers: { 'x-api-key': w.apiKey },
      rawBody: '{"companyName":"ok","\\ud800":1}',
    });
    expect(raw.status).toBe(400);
    expect(raw.body.error.code).toBe('VALIDATION_FAILED');
  });

  it.each([10_000, 33])('a body nested %d levels deep → 400 before anything recurses', async (levels) => {
    const body = `{"adAccountId":"${w.aliceAccount.adAccountId}","name":"n","status":"PAUSED","special_ad_categories":[],"is_adset_budget_sharing_enabled":false,"promoted_object":${nested(levels)}}`;
    const r = await http(w.app.url, 'POST', '/api/v1/facebook/campaigns/traffic', { headers: w.user.headers, rawBody: body });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    expect(r.body.error.details[0]).toEqual({ path: 'body', message: 'Nested deeper than 32 levels' });
  });

  it('brackets inside strings do not count as nesting', async () => {
    const r = await w.call('POST', '/api/v1/facebook/campaigns/traffic', { body: campaign('['.repeat(100) + '{"'.repeat(50)) });
    expect(r.status).toBeLessThan(300);
  });
});

describe('logs carry no credential from a URL and no SQL parameter value', () => {
  it('a JWT behind a percent-encoded or upper-case token parameter, and a failing INSERT bound value, stay out of the log', async () => {
    const w = await startWorld({ platforms: [], app: { extraRoutes: [failingInsert] }, externalUserId: 'log-user' });
    const jwt = w.user.token;
    try {
      for (const name of ['%74oken', 'TOKEN', 'Token', 'access%5Ftoken', 'token[]']) {
        await http(w.url, 'GET', `/api/v1/connections?${name}=${jwt}`);
      }
      const r = await http(w.url, 'POST', '/api/v1/__test/failing-insert', { body: { value: SQL_MARKER } });
      expect(r.status).toBe(500);
      expect(JSON.stringify(r.body)).not.toContain(SQL_MARKER);
    } finally {
      await w.close();
    }
    const log = readFileSync(w.app.logFile, 'utf8');
    expect(log).toContain('%74oken=[REDACTED]');
    expect(log).toContain('TOKEN=[REDACTED]');
    expect(log).not.toContain(jwt);
    expect(log).toContain('no_such_table_for_tests');
    expect(log).toContain('42P01');
    expect(log).not.toContain(SQL_MARKER);
  });
});
