import { conditionFromText, orderFromText } from '../../../api/routes/google/condition-text';

describe('GAQL conditions written as `field op value` strings', () => {
  it('reads comparisons, keeping integers exact and quoted values as strings', () => {
    expect(conditionFromText('campaign.status = ENABLED')).toEqual({ field: 'campaign.status', op: '=', value: 'ENABLED' });
    expect(conditionFromText('campaign.id = 9007199254740993')).toEqual({ field: 'campaign.id', op: '=', value: 9007199254740993n });
    expect(conditionFromText("campaign.name != '123'")).toEqual({ field: 'campaign.name', op: '!=', value: '123' });
    expect(conditionFromText('metrics.ctr>0.5')).toEqual({ field: 'metrics.ctr', op: '>', value: 0.5 });
  });

  it('reads lists (with or without parentheses, commas inside quotes kept), BETWEEN, DURING and IS NULL', () => {
    expect(conditionFromText("campaign.name in ('a, b', c)")).toEqual({ field: 'campaign.name', op: 'IN', value: ['a, b', 'c'] });
    expect(conditionFromText('campaign.status NOT IN ENABLED,PAUSED')).toEqual({ field: 'campaign.status', op: 'NOT IN', value: ['ENABLED', 'PAUSED'] });
    expect(conditionFromText("segments.date BETWEEN '2026-01-01' AND '2026-01-31'")).toEqual({ field: 'segments.date', op: 'BETWEEN', value: ['2026-01-01', '2026-01-31'] });
    expect(conditionFromText('segments.date during last_7_days')).toEqual({ field: 'segments.date', op: 'DURING', value: 'LAST_7_DAYS' });
    expect(conditionFromText('campaign.end_date IS NOT NULL')).toEqual({ field: 'campaign.end_date', op: 'IS NOT NULL' });
  });

  it('refuses text without a known operator or without a value', () => {
    expect(conditionFromText('campaign.status ENABLED')).toBeUndefined();
    expect(conditionFromText('campaign.status =')).toBeUndefined();
    expect(conditionFromText('campaign.end_date IS NULL extra')).toBeUndefined();
  });

  it('reads an order item with or without its direction', () => {
    expect(orderFromText(' metrics.clicks DESC ')).toEqual({ field: 'metrics.clicks', dir: 'DESC' });
    expect(orderFromText('campaign.id')).toEqual({ field: 'campaign.id' });
  });
});
