import { GoogleAssetsQueryDto, GoogleGaqlQueryDto, GoogleInsightsQueryDto } from '../../../api/routes/google/schemas';
import { accountIdList, checkGaqlForm } from '../../../api/routes/google/validation';

describe('google query-string DTOs', () => {
  it('reads fields as a comma list, repeated parameters or a JSON array', () => {
    const base = { adAccountId: '1', resource: 'campaign' };
    expect(GoogleGaqlQueryDto.parse({ ...base, fields: 'campaign.id, campaign.name' }).fields).toEqual(['campaign.id', 'campaign.name']);
    expect(GoogleGaqlQueryDto.parse({ ...base, fields: ['campaign.id', 'campaign.name'] }).fields).toEqual(['campaign.id', 'campaign.name']);
    expect(GoogleGaqlQueryDto.parse({ ...base, fields: '["campaign.id"]' }).fields).toEqual(['campaign.id']);
  });

  it('reads where as JSON and orderBy as "field DIR" text or JSON', () => {
    const q = GoogleGaqlQueryDto.parse({
      adAccountId: '1',
      where: '[{"field":"campaign.status","op":"=","value":"ENABLED"}]',
      orderBy: 'metrics.clicks DESC, campaign.id',
      includeClients: 'true',
      dateRange: 'last_7_days',
    });
    expect(q.where).toEqual([{ field: 'campaign.status', op: '=', value: 'ENABLED' }]);
    expect(q.orderBy).toEqual([{ field: 'metrics.clicks', dir: 'DESC' }, { field: 'campaign.id' }]);
    expect(q.includeClients).toBe(true);
    expect(q.dateRange).toBe('LAST_7_DAYS');
  });

  it('refuses malformed where JSON, an unknown DURING literal and a bad date', () => {
    expect(GoogleGaqlQueryDto.safeParse({ adAccountId: '1', where: '[{"field":' }).success).toBe(false);
    expect(GoogleGaqlQueryDto.safeParse({ adAccountId: '1', dateRange: 'LAST_9_DAYS' }).success).toBe(false);
    expect(GoogleInsightsQueryDto.safeParse({ adAccountId: '1', startDate: '2026/10/01' }).success).toBe(false);
  });

  it('requires raw GAQL or the structured form, not both', () => {
    expect(() => checkGaqlForm({ query: 'SELECT campaign.id FROM campaign', resource: 'campaign' })).toThrow(/not both/);
    expect(() => checkGaqlForm({})).toThrow(/query \(raw GAQL\) or resource/);
    expect(() => checkGaqlForm({ resource: 'campaign' })).toThrow(/needs fields/);
    expect(() => checkGaqlForm({ query: 'x' })).not.toThrow();
  });

  it('splits the account list and caps it', () => {
    expect(accountIdList(' 1000000001, 100-000-0002 ,', 5)).toEqual(['1000000001', '100-000-0002']);
    expect(() => accountIdList('1,2,3', 2)).toThrow(/At most 2/);
  });

  it('insights and assets take levels, metrics and statuses from closed lists', () => {
    expect(GoogleInsightsQueryDto.parse({ adAccountId: '1' }).level).toBe('campaign');
    expect(GoogleInsightsQueryDto.safeParse({ adAccountId: '1', metrics: 'clicks,bogus' }).success).toBe(false);
    expect(GoogleAssetsQueryDto.safeParse({ adAccountId: '1', level: 'adset' }).success).toBe(false);
    expect(GoogleAssetsQueryDto.parse({ adAccountId: '1', level: 'ad', ids: '1,2', statuses: 'ENABLED' })).toMatchObject({ ids: ['1', '2'], statuses: ['ENABLED'] });
  });
});
