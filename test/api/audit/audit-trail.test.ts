import type { AuthContext } from '../../../shared/domain/identity/auth-context';
import type { AuditedWrite } from '../../../shared/domain/audit/audit-types';
import { jobsHousekeepingHandler } from '../../../workers/jobs/jobs-housekeeping.job';
import { createTenant, externalUserToken, trackSecret, type CreatedTenant } from '../../helpers/identity';
import { startMailBox, mailTo, type MailBox } from '../../helpers/smtp';
import { http, startWorld, type World, type WorldUser } from '../../world';
import { ALICE_US, BOB_BIKES, campaignPart } from '../tiktok/fixtures';
import { parseCsv } from '../../helpers/csv';

/*
 * GET /api/v1/audit over records made the two ways the gateway makes them: decisions recorded
 * through the service (`decided`, as the safe-write layer does) and writes accepted through the real
 * routes (no workers here, so their jobs stay queued and their records `accepted`).
 */
let mail: MailBox;
let other: CreatedTenant;
let memberToken: string;

/** Secrets put into the params of the records below: none may be stored or shown. */
const SECRETS = {
  pageToken: 'EAAGm0PX4ZCpsBAFakePageTokenValue1234567890abcdef',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLXZhbHVl',
  appSecret: 'app-secret-never-stored-42',
  urlToken: 'url-token-never-stored-43',
  googleToken: 'ya29.a0AfH6SMBfakeGoogleAccessToken0123456789',
};

let w: World<'tiktok'>;
let bob: WorldUser;

const sql = (q: string, p: unknown[] = []) => w.app.infra.orm.em.fork().getConnection().execute(q, p) as Promise<any[]>;
const ownerKey = () => ({ 'x-api-key': w.apiKey });
const audit = (q = '', headers: Record<string, string> = ownerKey()) => http(w.app.url, 'GET', `/api/v1/audit${q}`, { headers });
const ids = (r: { body: any }) => (r.body.data.items as { id: string }[]).map((x) => x.id);

async function externalAuth(u: WorldUser): Promise<AuthContext> {
  const [row] = await sql('select id from external_users where tenant_id = ? and external_id = ?', [w.tenant.tenantId, u.externalUserId]);
  return { kind: 'external-user', tenantId: w.tenant.tenantId, userId: row.id, externalId: u.externalUserId, via: 'bearer' };
}

const write = (principal: AuthContext, o: Partial<AuditedWrite> = {}): AuditedWrite => ({
  tenantId: w.tenant.tenantId,
  principal,
  surface: 'rest',
  requestId: `req-${Math.random().toString(36).slice(2)}`,
  platform: 'tiktok',
  adAccountId: ALICE_US,
  operation: 'tiktok.assets.status',
  params: { dto: { level: 'campaign', ids: ['1800000000000000011'], status: 'DISABLE' } },
  ...o,
});

/** Records newest last, as made. */
const made: { id?: string; what: string }[] = [];
let acceptedJob: string;
let createJob: string;

beforeAll(async () => {
  mail = await startMailBox();
  w = await startWorld({ platform: 'tiktok', env: { SMTP_URL: mail.url } });
  await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
  bob = await w.userFor('bob-ext');
  await w.connect('tiktok', { adAccountId: BOB_BIKES, as: bob, via: 'token', simUser: 'bob' });
  await record();
  other = await createTenant(w.app);
  memberToken = await member();
}, 60_000);
afterAll(async () => {
  await w?.close();
  await mail?.close();
});

/** The records every test reads, made the two ways the gateway makes them. */
async function record() {
  const alice = await externalAuth(w.user);
  const bobAuth = await externalAuth(bob);
  const key: AuthContext = { kind: 'tenant-api-key', tenantId: w.tenant.tenantId, apiKeyId: 'k-1' };
  const { audit: trail } = w.app.services;
  await trail.decided(write(alice, { surface: 'mcp', before: { status: 'ENABLE' }, after: { status: 'DISABLE' } }), { outcome: 'dry_run' });
  await trail.decided(write(alice, { platform: 'facebook', adAccountId: 'act_555000111', operation: 'facebook.update-status', params: { objectId: '1', status: 'PAUSED' } }), {
    outcome: 'refused',
    detail: { rule: 'dailySpendCap', limit: '100.00', seen: '250.00' },
  });
  await trail.decided(write(bobAuth, { adAccountId: BOB_BIKES, surface: 'proxy' }), { outcome: 'confirmation_required', detail: { rule: 'budgetIncreasePct', limit: 50, seen: 80 } });
  await trail.decided(
    write(key, {
      operation: 'facebook.create-lead-form',
      platform: 'facebook',
      adAccountId: '555000111',
      params: {
        form: { pageId: '100', name: 'Form, "quoted"\nline two', page_access_token: SECRETS.pageToken, questions: [{ type: 'EMAIL' }] },
        appSecret: SECRETS.appSecret,
        note: SECRETS.jwt,
        callback: `https://example.test/cb?access_token=${SECRETS.urlToken}&x=1`,
        nested: { deeper: { value: SECRETS.googleToken } },
      },
    }),
    { outcome: 'dry_run' },
  );
  const r = await w.call('POST', '/api/v1/tiktok/assets/status', {
    body: { adAccountId: ALICE_US, level: 'campaign', ids: ['1800000000000000011'], status: 'DISABLE' },
    headers: { prefer: 'respond-async' },
  });
  expect(r.status).toBe(202);
  acceptedJob = r.body.data.jobId;
  const named = await w.call('POST', '/api/v1/tiktok/assets', {
    body: { adAccountId: ALICE_US, campaign: campaignPart(SECRETS.jwt) },
    headers: { prefer: 'respond-async' },
  });
  expect(named.status).toBe(202);
  createJob = named.body.data.jobId;
  made.push(...['dry_run', 'refused', 'confirmation_required', 'lead-form', 'accepted', 'accepted-create'].map((what) => ({ what })));
  const all = await audit('?limit=100');
  expect(all.body.data.items).toHaveLength(made.length);
  (all.body.data.items as { id: string }[]).reverse().forEach((x, i) => (made[i]!.id = x.id));
}

/** A member of the tenant, invited by the owner and joined through the emailed token. */
async function member(): Promise<string> {
  const email = `member-${Date.now()}@example.test`;
  const inv = await http(w.app.url, 'POST', '/api/v1/tenant/invitations', { headers: { authorization: `Bearer ${w.tenant.ownerToken}` }, body: { email, role: 'member' } });
  expect(inv.status).toBe(201);
  const token = /inv_[A-Za-z0-9_-]{43}/.exec((await mailTo(mail, email)).text)![0];
  trackSecret(token);
  const acc = await http(w.app.url, 'POST', '/api/v1/invitations/accept', { body: { token, name: 'Member', password: 'Member-pass-123x' } });
  expect(acc.status).toBe(201);
  trackSecret(acc.body.data.accessToken, acc.body.data.refreshToken);
  return acc.body.data.accessToken;
}

describe('what is recorded', () => {
  it('a decision made without a job: outcome, principal, surface, detail, field values, the account id in stored form', async () => {
    const items = (await audit('?limit=100')).body.data.items as any[];
    const byId = (what: string) => items.find((x) => x.id === made.find((m) => m.what === what)!.id);
    expect(byId('dry_run')).toMatchObject({
      outcome: 'dry_run', surface: 'mcp', platform: 'tiktok', adAccountId: ALICE_US, jobId: null, objectId: null, errorCode: null, finishedAt: null,
      principal: { kind: 'external-user', externalUserId: w.user.externalUserId }, before: { status: 'ENABLE' }, after: { status: 'DISABLE' },
      tenantId: w.tenant.tenantId, requestId: expect.stringMatching(/^req-/),
    });
    expect(byId('refused')).toMatchObject({ outcome: 'refused', platform: 'facebook', adAccountId: '555000111', detail: { rule: 'dailySpendCap', limit: '100.00', seen: '250.00' } });
    expect(byId('refused').before).toBeUndefined();
    expect(byId('confirmation_required')).toMatchObject({ surface: 'proxy', principal: { kind: 'external-user', externalUserId: 'bob-ext' } });
    expect(byId('lead-form').principal).toEqual({ kind: 'tenant-api-key', id: 'k-1' });
  });

  it('an accepted write: its job id, still `accepted` while the job has not ended, with the request id', async () => {
    const r = (await audit('?outcome=accepted&operation=tiktok.assets.status')).body.data.items;
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ jobId: acceptedJob, outcome: 'accepted', finishedAt: null, objectId: null, params: { dto: { ids: ['1800000000000000011'] } } });
    const job = await w.call('GET', `/api/v1/jobs/${acceptedJob}`);
    expect(job.body.data).toMatchObject({ state: 'queued', requestId: r[0].requestId });
  });

  it('no secret is stored or shown: credential fields, token-like values and URL credentials are removed', async () => {
    const stored = JSON.stringify(await sql('select params, detail, before, after from audit_records where tenant_id = ?', [w.tenant.tenantId]));
    const shown = JSON.stringify((await audit('?limit=100')).body) + (await csv('?limit=100')).text;
    for (const s of Object.values(SECRETS)) {
      expect(stored).not.toContain(s);
      expect(shown).not.toContain(s);
    }
    const lead = ((await audit('?operation=facebook.create-lead-form')).body.data.items as any[])[0];
    expect(lead.params).toEqual({
      form: { pageId: '100', name: 'Form, "quoted"\nline two', page_access_token: '[REDACTED]', questions: [{ type: 'EMAIL' }] },
      appSecret: '[REDACTED]',
      note: '[REDACTED]',
      callback: 'https://example.test/cb?access_token=[REDACTED]&x=1',
      nested: { deeper: { value: '[REDACTED]' } },
    });
  });

  it('caps what large params take, and a record that cannot be stored never throws into the write path', async () => {
    const alice = await externalAuth(w.user);
    await w.app.services.audit.decided(write(alice, { operation: 'tiktok.big', params: { image: 'x'.repeat(100_000), list: Array.from({ length: 150 }, (_, i) => `item ${i} ${'y'.repeat(200)}`) } }), { outcome: 'dry_run' });
    const [big] = await sql(`select params, octet_length(params::text) as bytes from audit_records where tenant_id = ? and operation = 'tiktok.big'`, [w.tenant.tenantId]);
    expect(Number(big.bytes)).toBeLessThanOrEqual(16 * 1024 + 200);
    expect(big.params).toMatchObject({ truncated: true, keys: ['image', 'list'] });
    await sql(`delete from audit_records where operation = 'tiktok.big' and tenant_id = ?`, [w.tenant.tenantId]);
    await expect(w.app.services.audit.decided(write(alice, { tenantId: '00000000-0000-4000-8000-000000000000' }), { outcome: 'dry_run' })).resolves.toBeUndefined();
  });
});

describe('what is recorded when a job ends without running', () => {
  it('a write that could not be queued (its request answered 503) ends failed with that code', async () => {
    const error = { code: 'SERVICE_UNAVAILABLE' as const, message: 'The job could not be queued; nothing was sent to the platform' };
    expect(await w.app.services.jobs.store.abandonUnqueued(createJob, error)).toBe(true);
    const [record] = (await audit('?operation=tiktok.assets.create')).body.data.items;
    expect(record).toMatchObject({ jobId: createJob, outcome: 'failed', errorCode: 'SERVICE_UNAVAILABLE', finishedAt: expect.any(String) });
  });
});

describe('GET /api/v1/audit', () => {
  it('pages newest first with nextCursor, every record exactly once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r = await audit(`?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.status).toBe(200);
      seen.push(...ids(r));
      cursor = r.body.data.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect(seen).toEqual(made.map((m) => m.id).reverse());
  });

  it('filters by outcome, platform, operation, adAccountId (any form) and time', async () => {
    const id = (what: string) => made.find((m) => m.what === what)!.id;
    expect(ids(await audit('?outcome=refused'))).toEqual([id('refused')]);
    expect(ids(await audit('?platform=facebook'))).toEqual([id('lead-form'), id('refused')]);
    expect(ids(await audit('?operation=facebook.update-status'))).toEqual([id('refused')]);
    expect(ids(await audit('?adAccountId=act_555000111'))).toEqual([id('lead-form'), id('refused')]);
    expect(ids(await audit('?adAccountId=555000111&platform=tiktok'))).toEqual([]);
    expect(ids(await audit(`?adAccountId=${BOB_BIKES}`))).toEqual([id('confirmation_required')]);
    const all = (await audit('?limit=100')).body.data.items as any[];
    const third = all.find((x) => x.id === id('confirmation_required'));
    expect(ids(await audit(`?from=${encodeURIComponent(third.time)}`))).toEqual(made.slice(2).map((m) => m.id).reverse());
    expect(ids(await audit(`?to=${encodeURIComponent(third.time)}`))).toEqual(made.slice(0, 2).map((m) => m.id).reverse());
    const today = new Date().toISOString().slice(0, 10);
    expect(ids(await audit(`?from=${today}&to=${today}&limit=100`))).toHaveLength(made.length);
    expect(ids(await audit('?from=2999-01-01'))).toEqual([]);
  });

  it('answers CSV with Accept: text/csv: a header line, the same rows, nested objects as JSON text', async () => {
    const r = await csv('?platform=facebook');
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^text\/csv/);
    const [header, ...rows] = parseCsv(r.text);
    expect(header).toEqual(['id', 'time', 'tenantId', 'principalKind', 'principalId', 'externalUserId', 'surface', 'requestId', 'platform', 'adAccountId', 'operation', 'outcome', 'jobId', 'objectId', 'errorCode', 'finishedAt', 'detail', 'params', 'before', 'after']);
    const json = (await audit('?platform=facebook')).body.data.items as any[];
    expect(rows.map((row) => row[0])).toEqual(json.map((x) => x.id));
    const lead = rows.find((row) => row[10] === 'facebook.create-lead-form')!;
    expect(JSON.parse(lead[17]!)).toEqual(json.find((x) => x.operation === 'facebook.create-lead-form').params);
    expect(lead[3]).toBe('tenant-api-key');
    const all = parseCsv((await csv('?limit=1')).text);
    expect(all).toHaveLength(made.length + 1);
  });

  it('the whole tenant for its owner and API key, its own writes for an external user, 403 for a member', async () => {
    const everything = made.map((m) => m.id).reverse();
    expect(ids(await audit('?limit=100', { authorization: `Bearer ${w.tenant.ownerToken}` }))).toEqual(everything);
    const mine = ids(await audit('?limit=100', w.user.headers));
    expect(mine).toEqual(made.filter((m) => ['dry_run', 'refused', 'accepted', 'accepted-create'].includes(m.what)).map((m) => m.id).reverse());
    expect(ids(await audit('?limit=100', { 'x-api-key': w.apiKey, 'x-external-user-id': w.user.externalUserId }))).toEqual(mine);
    expect(ids(await audit('?limit=100', bob.headers))).toEqual([made.find((m) => m.what === 'confirmation_required')!.id]);
    const aliceCursor = (await audit('?limit=1', w.user.headers)).body.data.nextCursor;
    expect(ids(await audit(`?cursor=${aliceCursor}`, bob.headers))).toEqual([]);
    const refused = await audit('', { authorization: `Bearer ${memberToken}` });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    expect((await csv('', { authorization: `Bearer ${memberToken}` })).status).toBe(403);
    expect((await audit('', {})).status).toBe(401);
  });

  it("another tenant sees none of it, not even through this tenant's cursor", async () => {
    expect(ids(await audit('?limit=100', { 'x-api-key': other.apiKey }))).toEqual([]);
    expect(ids(await audit('?limit=100', { authorization: `Bearer ${other.ownerToken}` }))).toEqual([]);
    const twin = await externalUserToken(w.app, other.apiKey, w.user.externalUserId);
    expect(ids(await audit('', { authorization: `Bearer ${twin}` }))).toEqual([]);
    const cursor = (await audit('?limit=1')).body.data.nextCursor;
    expect(ids(await audit(`?cursor=${cursor}`, { 'x-api-key': other.apiKey }))).toEqual([]);
  });

  it.each([
    ['outcome', '?outcome=maybe'],
    ['platform', '?platform=myspace'],
    ['from', '?from=yesterday'],
    ['from', '?from=2026-02-30'],
    ['to', '?to=0000-01-01'],
    ['from', '?from=9999-12-31T23:59:59-14:00'],
    ['to', '?to=9999-12-31'],
    ['to', '?to=2026-11-24T10:00:00'],
    ['to', '?from=2026-11-25&to=2026-11-24'],
    ['limit', '?limit=0'],
    ['limit', '?limit=101'],
    ['cursor', '?cursor=not-a-cursor'],
    ['adAccountId', `?adAccountId=${'1'.repeat(65)}`],
    ['query', '?sort=asc'],
  ])('a bad %s (%s) → 400 VALIDATION_FAILED naming it', async (field, q) => {
    const r = await audit(q);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(r.body.error.details)).toContain(field === 'query' ? 'query' : `query.${field}`);
  });

  it('is documented: both content types, the record schema, and the write.* webhook events', async () => {
    const doc = (await http(w.app.url, 'GET', '/api/v1/openapi.json')).body;
    const op = doc.paths['/api/v1/audit'].get;
    expect(Object.keys(op.responses['200'].content).sort()).toEqual(['application/json', 'text/csv']);
    expect(op.responses['403']).toBeDefined();
    expect(doc.components.schemas.AuditRecordDto.properties.outcome.enum).toEqual(['accepted', 'dry_run', 'refused', 'confirmation_required', 'completed', 'failed']);
    expect(Object.keys(doc.webhooks)).toEqual(expect.arrayContaining(['write.completed', 'write.failed']));
  });
});

describe('retention', () => {
  const age = (tenantId: string, operation: string, days: number) =>
    sql(`update audit_records set created_at = now() - make_interval(days => ?) where tenant_id = ? and operation = ?`, [days, tenantId, operation]);

  it('auditRetentionDays is an integer 1..3650 (null: back to the default)', async () => {
    for (const bad of [0, 3651, 1.5, '30']) {
      const r = await http(w.app.url, 'PATCH', '/api/v1/tenant', { headers: { 'x-api-key': other.apiKey }, body: { settings: { auditRetentionDays: bad } } });
      expect(r.status).toBe(400);
    }
    const patch = (days: number | null) => http(w.app.url, 'PATCH', '/api/v1/tenant', { headers: { 'x-api-key': other.apiKey }, body: { settings: { auditRetentionDays: days } } });
    expect((await patch(3650)).body.data.settings.auditRetentionDays).toBe(3650);
    expect((await patch(null)).body.data.settings.auditRetentionDays).toBeUndefined();
    const ok = await patch(30);
    expect(ok.status).toBe(200);
    expect(ok.body.data.settings.auditRetentionDays).toBe(30);
  });

  it("the housekeeping job deletes only that tenant's records older than its retention", async () => {
    const principal: AuthContext = { kind: 'tenant-api-key', tenantId: other.tenantId, apiKeyId: 'k-2' };
    for (const operation of ['old.one', 'old.two', 'recent'])
      await w.app.services.audit.decided(write(principal, { tenantId: other.tenantId, operation }), { outcome: 'dry_run' });
    await age(other.tenantId, 'old.one', 31);
    await age(other.tenantId, 'old.two', 45);
    await age(other.tenantId, 'recent', 29);
    // This tenant keeps the default 400 days: a 31-day-old record stays.
    await age(w.tenant.tenantId, 'facebook.update-status', 31);
    const result = await jobsHousekeepingHandler({ orm: w.app.infra.orm }).handle({} as never, {} as never);
    expect(result).toMatchObject({ auditRecords: expect.any(Number) });
    const left = await sql('select operation from audit_records where tenant_id = ? order by operation', [other.tenantId]);
    expect(left.map((r) => r.operation)).toEqual(['recent']);
    expect(ids(await audit('?operation=facebook.update-status'))).toHaveLength(1);
  });
});

function csv(q = '', headers: Record<string, string> = ownerKey()) {
  return fetch(`${w.app.url}/api/v1/audit${q}`, { headers: { ...headers, accept: 'text/csv' } }).then(async (r) => ({
    status: r.status,
    type: r.headers.get('content-type') ?? '',
    text: await r.text(),
  }));
}
