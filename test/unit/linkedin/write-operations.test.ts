/**
 * The LinkedIn write operations against the simulator, with an in-memory checkpoint store in place
 * of the job pipeline: creates carry the job-step tag and happen once across a retry after a crash
 * (LinkedIn has no idempotency key), status changes are PARTIAL_UPDATEs, and the import source
 * pages every level.
 */
import { randomBytes } from 'node:crypto';
import IORedis from 'ioredis';
import pino from 'pino';
import { loadConfig, type Config } from '../../../shared/infra/config';
import { stableRequestId } from '../../../shared/platforms/core/create-once';
import { memoryClaims } from '../../helpers/memory-claims';
import type { WriteContext, WriteOperation } from '../../../shared/platforms/core/write-operation';
import type { CallRequest, PlatformCaller } from '../../../shared/platforms/core/caller';
import type { ImportContext } from '../../../shared/platforms/core/import-source';
import { OutboundLimiter } from '../../../shared/platforms/core/limiter';
import type { PlatformAdapter } from '../../../shared/platforms/core/types';
import { createLinkedinAdapter } from '../../../shared/platforms/linkedin';
import { linkedinImportSource } from '../../../shared/platforms/linkedin/operations/import-source';
import { campaignStatus, createCampaign, createCampaignGroup } from '../../../shared/platforms/linkedin/operations/write-operations';
import { startLinkedinSim } from '../../simulators/linkedin';

const ACCOUNT = '508000001';
let sim: Awaited<ReturnType<typeof startLinkedinSim>>;
let redis: IORedis;
let limiter: OutboundLimiter;
let li: PlatformAdapter;
let config: Config;
let token: string;
const log = pino({ level: 'silent' });

const control = (path: string, body?: unknown) =>
  fetch(`${sim.baseUrl}/__sim${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) }).then((r) => r.json() as Promise<Record<string, unknown>>);
const posts = async (path: string) => ((await control(`/calls?path=${encodeURIComponent(path)}`)).calls as { method: string; path: string }[]).filter((c) => c.method === 'POST' && c.path === path).length;

beforeAll(async () => {
  sim = await startLinkedinSim();
  config = { ...loadConfig({ ...process.env }), LINKEDIN_API_URL: sim.baseUrl, LINKEDIN_OAUTH_URL: sim.baseUrl } as Config;
  redis = new IORedis(config.REDIS_URL);
  limiter = new OutboundLimiter({ redisUrl: config.REDIS_URL, redis, prefix: `liw:${randomBytes(5).toString('hex')}`, logger: log, readDeadlineMs: 3000 });
  li = createLinkedinAdapter({ config, http: { limiter, logger: log, connectTimeoutMs: 1000, responseTimeoutMs: 3000, maxRetries: 2 } });
  token = ((await control('/tokens', { user: 'alice' })) as { access_token: string }).access_token;
});
afterAll(async () => {
  await (li.client as unknown as { close(): Promise<void> }).close();
  await limiter.close();
  redis.disconnect();
  await sim.close();
});

const caller = (): PlatformCaller =>
  ({
    app: async () => ({ clientId: 'sim-linkedin-app', extras: {} }),
    request: (req: CallRequest) => li.client.request({ ...req, token, accountKey: ACCOUNT, kind: req.kind ?? (req.method === 'GET' ? 'read' : 'write') }),
  }) as unknown as PlatformCaller;

function ctxFor(jobId: string, checkpoints = new Map<string, unknown>()): WriteContext {
  return {
    jobId,
    attempt: 1,
    log,
    account: { id: 'row-1', tenantId: 'tenant-1', platform: 'linkedin', platformAccountId: ACCOUNT, connectionId: 'conn-1' },
    checkpoint: {
      get: async (s: string) => checkpoints.get(s),
      set: async (s: string, d: unknown) => void checkpoints.set(s, d),
      later: (s: string, d: unknown) => void checkpoints.set(s, d),
    },
    caller: caller(),
    config,
    requestId: (s: string) => stableRequestId(jobId, s),
    progress: async () => undefined,
    claims: memoryClaims(jobId),
    createLookup: async () => 'name-and-time',
  } as unknown as WriteContext;
}

const run = (op: WriteOperation, ctx: WriteContext, params: unknown) => op.run(ctx, op.params!.parse(params));
const groupDto = (n: string) => ({ adAccountId: ACCOUNT, name: n, runSchedule: { start: 1767225600000 }, totalBudget: { amount: '500.00', currencyCode: 'USD' } });
const groupsPath = `/rest/adAccounts/${ACCOUNT}/adCampaignGroups`;

describe('linkedin write operations', () => {
  it('a campaign group is created as DRAFT under the name given; a repeated run returns the stored result without a second POST', async () => {
    const jobId = `job-${randomBytes(4).toString('hex')}`;
    const ctx = ctxFor(jobId);
    const before = await posts(groupsPath);
    const r = (await run(createCampaignGroup, ctx, { dto: groupDto('Q1 brand') })) as { id: string; urn: string; name: string };
    expect(r).toEqual({ id: expect.stringMatching(/^\d+$/), urn: `urn:li:sponsoredCampaignGroup:${r.id}`, name: 'Q1 brand' });
    expect(sim.state.groups.get(Number(ACCOUNT), r.id)).toMatchObject({ name: r.name, status: 'DRAFT', totalBudget: { amount: '500.00', currencyCode: 'USD' } });
    expect(await run(createCampaignGroup, ctx, { dto: groupDto('Q1 brand') })).toEqual(r);
    expect((await posts(groupsPath)) - before).toBe(1);
  });

  it('after a crash between LinkedIn’s 201 and the checkpoint, the retry finds the group by its name and created time instead of creating a second', async () => {
    const jobId = `job-${randomBytes(4).toString('hex')}`;
    const checkpoints = new Map<string, unknown>();
    const first = (await run(createCampaignGroup, ctxFor(jobId, checkpoints), { dto: groupDto('Crash test') })) as { id: string };
    // What a worker killed right after the answer leaves behind: the send mark, no result.
    const { result: _r, ...mark } = checkpoints.get('create') as Record<string, unknown>;
    checkpoints.set('create', { ...mark, state: 'calling' });
    const before = await posts(groupsPath);
    const retry = (await run(createCampaignGroup, ctxFor(jobId, checkpoints), { dto: groupDto('Crash test') })) as { id: string };
    expect(retry.id).toBe(first.id);
    expect(await posts(groupsPath)).toBe(before);
  });

  it('when the crashed attempt never reached LinkedIn, the retry creates exactly one group', async () => {
    const jobId = `job-${randomBytes(4).toString('hex')}`;
    const sentAt = Date.now() - 600_000;
    const mark = { state: 'calling', requestId: stableRequestId(jobId, 'create'), names: ['Never sent'], firstSentAt: sentAt, lastSentAt: sentAt };
    const checkpoints = new Map<string, unknown>([['create', mark]]);
    const before = await posts(groupsPath);
    const r = (await run(createCampaignGroup, ctxFor(jobId, checkpoints), { dto: groupDto('Never sent') })) as { name: string };
    expect((await posts(groupsPath)) - before).toBe(1);
    expect([...sim.state.groups.list(Number(ACCOUNT))].filter((g) => g.name === r.name)).toHaveLength(1);
  });

  it('a campaign is created in the named group with the account filled in; its status then changes by PARTIAL_UPDATE', async () => {
    const group = (await run(createCampaignGroup, ctxFor(`job-${randomBytes(4).toString('hex')}`), { dto: groupDto('Holder') })) as { id: string; urn: string };
    const dto = {
      adAccountId: `urn:li:sponsoredAccount:${ACCOUNT}`, campaignGroupId: group.urn, name: 'Spring', type: 'SPONSORED_UPDATES', costType: 'CPC',
      unitCost: { amount: '4.50', currencyCode: 'USD' }, runSchedule: { start: 1767225600000 }, locale: { country: 'US', language: 'en' },
      targetingCriteria: { include: { and: [{ or: { 'urn:li:adTargetingFacet:locations': ['urn:li:geo:103644278'] } }] } },
    };
    const c = (await run(createCampaign, ctxFor(`job-${randomBytes(4).toString('hex')}`), { dto })) as { id: string };
    expect(sim.state.campaigns.get(Number(ACCOUNT), c.id)).toMatchObject({ account: `urn:li:sponsoredAccount:${ACCOUNT}`, campaignGroup: group.urn, status: 'DRAFT' });
    expect(sim.state.campaigns.get(Number(ACCOUNT), c.id)).not.toHaveProperty('adAccountId');
    const s = await run(campaignStatus, ctxFor(`job-${randomBytes(4).toString('hex')}`), { id: c.id, dto: { adAccountId: ACCOUNT, status: 'PAUSED' } });
    expect(s).toEqual({ id: c.id, urn: `urn:li:sponsoredCampaign:${c.id}`, status: 'PAUSED' });
    expect(sim.state.campaigns.get(Number(ACCOUNT), c.id)).toMatchObject({ status: 'PAUSED' });
    await expect(run(campaignStatus, ctxFor('job-x'), { id: '1', dto: { adAccountId: ACCOUNT, status: 'PAUSED' } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('the import source pages groups, campaigns and creatives of every status', async () => {
    const ctx = { account: ctxFor('imp').account, caller: caller(), log } as ImportContext;
    const counts: Record<string, number> = {};
    for (const level of linkedinImportSource.levels) {
      for await (const rows of level.pages(ctx)) counts[level.level] = (counts[level.level] ?? 0) + rows.length;
    }
    expect(counts).toEqual({
      campaign_group: sim.state.groups.list(Number(ACCOUNT)).length,
      campaign: sim.state.campaigns.list(Number(ACCOUNT)).length,
      creative: sim.state.creatives.list(Number(ACCOUNT)).length,
    });
  });
});
