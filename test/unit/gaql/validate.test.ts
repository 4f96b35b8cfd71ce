import { GaqlError, validateGaql } from '../../../shared/platforms/google/gaql';
import { expectError, parsed } from './helpers';

const ok = (q: string) => expect(validateGaql(q)).toMatchObject({ ok: true });

describe('validateGaql', () => {
  it('answers ok with the AST for a valid query', () => {
    const result = validateGaql('SELECT campaign.id FROM campaign');
    expect(result.ok).toBe(true);
    expect(result.ok && result.ast.from.name).toBe('campaign');
  });

  it('answers the error instead of throwing', () => {
    const result = validateGaql('SELECT campaign.id FROM campaign LIMIT 0');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toBeInstanceOf(GaqlError);
  });

  it('rejects a non-string query without throwing', () => {
    expect(validateGaql(42 as unknown as string)).toMatchObject({ ok: false, error: { code: 'EXPECTED_SELECT', position: 0 } });
  });
});

describe('core date segments need a finite date range', () => {
  it.each(['segments.date', 'segments.week', 'segments.month', 'segments.quarter', 'segments.year'])(
    'selecting %s with no date filter fails at the selected field',
    (seg) => {
      expectError(`SELECT campaign.id, ▸${seg} FROM campaign WHERE campaign.status = ENABLED`, 'EXPECTED_FILTERS_ON_DATE_RANGE');
    },
  );

  it('an open-ended range is not finite', () => {
    expectError(`SELECT ▸segments.date FROM campaign WHERE segments.date >= '2026-01-01'`, 'EXPECTED_FILTERS_ON_DATE_RANGE');
    expectError(`SELECT ▸segments.date FROM campaign WHERE segments.date < '2026-01-01'`, 'EXPECTED_FILTERS_ON_DATE_RANGE');
  });

  it('a date filter on a non-date field does not count', () => {
    expectError(`SELECT ▸segments.date FROM campaign WHERE campaign.start_date_time DURING LAST_7_DAYS`, 'EXPECTED_FILTERS_ON_DATE_RANGE');
  });

  it.each([
    'segments.date DURING LAST_30_DAYS',
    "segments.date BETWEEN '2026-01-01' AND '2026-01-31'",
    "segments.date >= '2026-01-01' AND segments.date <= '2026-01-31'",
    "segments.date > '2026-01-01' AND segments.date < '2026-01-31'",
    "segments.date = '2026-01-15'",
    "segments.date IN ('2026-01-15', '2026-01-16')",
    "segments.month >= '2026-01-01' AND segments.date <= '2026-03-31'",
    'segments.year = 2026',
  ])('accepts WHERE %s', (cond) => {
    ok(`SELECT segments.date, metrics.clicks FROM campaign WHERE ${cond}`);
  });

  it('filtering on a core date segment does not require selecting it', () => {
    ok('SELECT campaign.id, metrics.clicks FROM campaign WHERE segments.date DURING LAST_7_DAYS');
  });
});

describe('segments used in WHERE must be selected', () => {
  it('fails at the WHERE field when a non-date segment is not selected', () => {
    expectError(`SELECT campaign.id FROM campaign WHERE ▸segments.device = MOBILE`, 'EXPECTED_REFERENCED_FIELD_IN_SELECT_CLAUSE');
  });

  it('accepts the segment once selected', () => {
    ok('SELECT campaign.id, segments.device FROM campaign WHERE segments.device = MOBILE');
  });

  it('lets resource fields and metrics be filtered without being selected', () => {
    ok('SELECT campaign.id FROM ad_group WHERE ad_group.status = PAUSED AND metrics.impressions > 0');
  });
});

describe('date values', () => {
  const Q = 'SELECT campaign.id FROM campaign WHERE';
  it.each([
    [`${Q} segments.date = ▸'2026-13-01'`, 'INVALID_DATE_FORMAT'],
    [`${Q} segments.date = ▸'2025-02-29'`, 'INVALID_DATE_FORMAT'],
    [`${Q} segments.date = ▸'2026/01/01'`, 'INVALID_DATE_FORMAT'],
    [`${Q} segments.date = ▸'2026-1-5'`, 'INVALID_DATE_FORMAT'],
    [`${Q} segments.date > ▸20260101`, 'INVALID_DATE_FORMAT'],
    [`${Q} segments.date = ▸TODAY`, 'INVALID_DATE_FORMAT'],
    [`${Q} segments.date BETWEEN '2026-01-01' AND ▸'2026-02-30'`, 'INVALID_DATE_FORMAT'],
    [`${Q} segments.date IN ('2026-01-01', ▸'x')`, 'INVALID_DATE_FORMAT'],
    [`${Q} segments.week = ▸'2026-01-14'`, 'MISALIGNED_DATE_FOR_FILTER'],
    [`${Q} segments.month >= ▸'2026-01-02'`, 'MISALIGNED_DATE_FOR_FILTER'],
    [`${Q} segments.quarter = ▸'2026-02-01'`, 'MISALIGNED_DATE_FOR_FILTER'],
    [`${Q} segments.date BETWEEN ▸'2026-02-01' AND '2026-01-31'`, 'DATE_RANGE_TOO_NARROW'],
  ])('%s → %s', (q, code) => {
    expectError(q, code);
  });

  it.each([
    "segments.date = '20240229'",
    "segments.week = '2026-01-12'",
    "segments.month = '2026-02-01'",
    "segments.quarter BETWEEN '2025-10-01' AND '2026-04-01'",
    "segments.date BETWEEN '2026-01-31' AND '2026-01-31'",
  ])('accepts %s', (cond) => {
    ok(`SELECT campaign.id FROM campaign WHERE ${cond}`);
  });
});

describe('operator and field kind', () => {
  const Q = 'SELECT campaign.id, segments.device FROM campaign WHERE';
  it.each([
    [`${Q} ▸metrics.clicks LIKE '1%'`, 'OPERATOR_FIELD_MISMATCH'],
    [`${Q} ▸metrics.clicks REGEXP_MATCH '1.*'`, 'OPERATOR_FIELD_MISMATCH'],
    [`${Q} ▸metrics.clicks CONTAINS ANY (1)`, 'OPERATOR_FIELD_MISMATCH'],
    [`${Q} ▸metrics.clicks DURING TODAY`, 'OPERATOR_FIELD_MISMATCH'],
    [`${Q} ▸segments.device DURING TODAY`, 'OPERATOR_FIELD_MISMATCH'],
  ])('%s → %s', (q, code) => {
    expectError(q, code);
  });

  it('allows IN on metrics and DURING on resource date fields', () => {
    ok(`${Q} metrics.clicks IN (1, 2) AND campaign.start_date_time DURING LAST_MONTH`);
  });
});

describe('with a known resource list', () => {
  const options = { resources: ['campaign', 'ad_group', 'customer'] };

  it('accepts known resources, their fields, metrics and segments', () => {
    expect(parsed('SELECT campaign.id, ad_group.id, metrics.clicks, segments.device FROM ad_group', options).from.name).toBe('ad_group');
  });

  it.each([
    ['SELECT campaign.id FROM ▸campaign_budgets', 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE'],
    ['SELECT campaign.id, ▸campaigns.name FROM campaign', 'UNRECOGNIZED_FIELD'],
    ['SELECT campaign.id FROM campaign WHERE ▸adgroup.id = 1', 'UNRECOGNIZED_FIELD'],
    ['SELECT campaign.id FROM campaign ORDER BY ▸foo.bar', 'UNRECOGNIZED_FIELD'],
  ])('%s → %s', (q, code) => {
    expectError(q, code, options);
  });

  it('without the list, any well-formed resource is accepted', () => {
    ok('SELECT campaign_budget.amount_micros FROM campaign_budget');
  });
});
