import { ACCOUNTS } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { FB_ENV } from './fixtures';

const A1 = ACCOUNTS.alice[0];
const f = (filters: unknown) => `filtering=${encodeURIComponent(JSON.stringify(filters))}`;

describe("Meta lists take Meta's filtering ({field, operator, value}), checked against allow-lists", () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => {
    await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` });
  });
  const list = (segment: string, qs: string) => w.call('GET', `/api/v1/facebook/${segment}?adAccountId=act_${A1}&${qs}`);
  type Row = { id: string; name: string; status: string; campaign_id?: string; adset_id?: string };
  const rows = async (segment: string, qs: string): Promise<Row[]> => {
    const r = await list(segment, qs);
    expect(r.status).toBe(200);
    return r.body.data.data;
  };

  it('campaigns: a name EQUAL filter answers exactly that campaign, sent to Meta as Graph filtering', async () => {
    const [first] = await rows('campaigns', 'fields=id,name&limit=1');
    await w.sim.clear();
    const filters = [{ field: 'name', operator: 'EQUAL', value: first!.name }];
    expect(await rows('campaigns', `fields=id,name&${f(filters)}`)).toEqual([{ id: first!.id, name: first!.name }]);
    expect((await w.sim.calls('/campaigns'))[0]!.query.filtering).toBe(JSON.stringify(filters));
  });

  it('campaigns: effective_status IN [PAUSED] answers only paused campaigns', async () => {
    const paused = await rows('campaigns', `fields=id,status&${f([{ field: 'effective_status', operator: 'IN', value: ['PAUSED'] }])}`);
    expect(paused.length).toBeGreaterThan(0);
    expect(paused.every((c) => c.status === 'PAUSED')).toBe(true);
  });

  it('ad sets filtered on their campaign, and ads on their ad set', async () => {
    const [campaign] = await rows('campaigns', 'fields=id&limit=1');
    const sets = await rows('adsets', `fields=id,campaign_id&${f([{ field: 'campaign.id', operator: 'EQUAL', value: campaign!.id }])}`);
    expect(sets.length).toBeGreaterThan(0);
    expect(sets.every((s) => s.campaign_id === campaign!.id)).toBe(true);
    const ads = await rows('ads', `fields=id,adset_id&${f([{ field: 'adset.id', operator: 'IN', value: [sets[0]!.id] }])}`);
    expect(ads.length).toBeGreaterThan(0);
    expect(ads.every((a) => a.adset_id === sets[0]!.id)).toBe(true);
  });

  it.each([
    ['campaigns', [{ field: 'budget', operator: 'EQUAL', value: 1 }], 'query.filtering.0.field', '"budget"'],
    ['adsets', [{ field: 'ad.id', operator: 'EQUAL', value: '1' }], 'query.filtering.0.field', '"ad.id"'],
    ['ads', [{ field: 'name', operator: 'LIKE', value: 'x' }], 'query.filtering.0.operator', '"LIKE"'],
    ['ads', [{ field: 'name', operator: 'EQUAL', value: 'a' }, { field: 'effective_status', operator: 'IN', value: 'ACTIVE' }], 'query.filtering.1.value', 'IN takes a list'],
    ['campaigns', [{ field: 'created_time', operator: 'IN_RANGE', value: [1] }], 'query.filtering.0.value', 'IN_RANGE takes a [low, high] pair'],
    ['campaigns', { field: 'name', operator: 'EQUAL', value: 'x' }, 'query.filtering', 'array'],
  ])('%s with filtering %j answers 400 at %s naming the bad part, before calling Meta', async (segment, filters, path, named) => {
    await w.sim.clear();
    const r = await list(segment, f(filters));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    const detail = r.body.error.details.find((d: { path: string }) => d.path === path);
    expect(detail?.message).toContain(named);
    expect(await w.sim.calls(`/${segment}`)).toHaveLength(0);
  });

  it('insights take filtering on the objects and refuse a field outside the allow-list', async () => {
    const [campaign] = await rows('campaigns', 'fields=id&limit=1');
    const ok = await w.call('GET', `/api/v1/facebook/insights?adAccountId=act_${A1}&level=campaign&fields=campaign_id,impressions&datePreset=last_7d&${f([{ field: 'campaign.id', operator: 'EQUAL', value: campaign!.id }])}`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.data.length).toBeGreaterThan(0);
    expect(ok.body.data.data.every((r: { campaign_id: string }) => r.campaign_id === campaign!.id)).toBe(true);
    const bad = await w.call('GET', `/api/v1/facebook/insights?adAccountId=act_${A1}&level=campaign&${f([{ field: 'campaign.budget', operator: 'EQUAL', value: 1 }])}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toContainEqual({ path: 'query.filtering.0.field', message: expect.stringContaining('"campaign.budget"') });
  });
});
