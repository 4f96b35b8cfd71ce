import { useWorld } from '../../world';
import { ALICE_US } from '../tiktok/fixtures';
import { TIKTOK_MONEY_MAX } from '../../../shared/platforms/tiktok/operations/common.dto';
import { MinorUnits } from '../../../shared/platforms/facebook/dto/common.dto';

describe('money fields are bounded before anything reaches a platform', () => {
  const w = useWorld({ platform: 'tiktok', workers: true }, async (w) => {
    await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
  });

  it.each([
    ['a Smart+ campaign budget of 1e308', '/api/v1/tiktok/smart/campaigns', { campaignName: 'big', objectiveType: 'WEB_CONVERSIONS', budget: 1e308 }, 'body.budget'],
    ['a Smart+ campaign budget just over the maximum', '/api/v1/tiktok/smart/campaigns', { campaignName: 'big', objectiveType: 'WEB_CONVERSIONS', budget: TIKTOK_MONEY_MAX + 1 }, 'body.budget'],
    ['a negative campaign budget', '/api/v1/tiktok/smart/campaigns', { campaignName: 'neg', objectiveType: 'WEB_CONVERSIONS', budget: -1 }, 'body.budget'],
  ])('%s → 400 naming the field, TikTok never called', async (_what, path, body, field) => {
    const r = await w.call('POST', path, { body: { adAccountId: ALICE_US, ...body } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    expect(r.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
    expect(await w.sim.calls('/smart_plus/')).toHaveLength(0);
  });

  it('a JSON number too large for a double (1e400) is refused, not sent as Infinity', async () => {
    const raw = await fetch(`${w.app.url}/api/v1/tiktok/smart/campaigns`, {
      method: 'POST',
      headers: { ...w.user.headers, 'content-type': 'application/json' },
      body: `{"adAccountId":"${ALICE_US}","campaignName":"inf","objectiveType":"WEB_CONVERSIONS","budget":1e400}`,
    });
    expect(raw.status).toBe(400);
    expect(await w.sim.calls('/smart_plus/')).toHaveLength(0);
  });

  it('the largest allowed budget is accepted', async () => {
    const r = await w.call('POST', '/api/v1/tiktok/smart/campaigns', { body: { adAccountId: ALICE_US, campaignName: 'max', objectiveType: 'WEB_CONVERSIONS', budget: TIKTOK_MONEY_MAX } });
    expect(r.status).toBe(200);
  });
});

describe('Meta minor-unit budgets fit Graph int64', () => {
  it.each([1e308, Number.MAX_SAFE_INTEGER + 2, '1'.repeat(19), '0'])('%s is refused', (v) => {
    expect(MinorUnits.safeParse(v).success).toBe(false);
  });
  it.each([[1000, '1000'], ['999999999999999999', '999999999999999999']])('%s is accepted as %s', (v, out) => {
    expect(MinorUnits.parse(v)).toBe(out);
  });
});
