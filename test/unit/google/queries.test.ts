import { assetsCall, assetsPageFrom, assetsQuery } from '../../../shared/platforms/google/operations/assets';
import { insightsQuery } from '../../../shared/platforms/google/operations/insights';
import { checkedGaql } from '../../../shared/platforms/google/operations/gaql-input';
import { importQuery } from '../../../shared/platforms/google/operations/import-source';
import { ASSET_LEVELS, ASSET_LEVEL_DEFS, INSIGHT_LEVELS, INSIGHT_LEVEL_DEFS, unknownFields } from '../../../shared/platforms/google/operations/levels';
import { parseGaql } from '../../../shared/platforms/google/gaql';
import { AppError } from '../../../shared/errors/app-error';

const invalid = (fn: () => unknown): AppError => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return e as AppError;
  }
  throw new Error('expected INVALID_QUERY');
};

describe('raw and structured GAQL input', () => {
  it('sends raw GAQL as written (trimmed) once it parses', () => {
    const q = '  select campaign.id from campaign where segments.date during last_7_days ';
    expect(checkedGaql({ query: q }).query).toBe(q.trim());
  });

  it('rejects a bad raw query with INVALID_QUERY, its code and the exact character position', () => {
    const e = invalid(() => checkedGaql({ query: 'SELECT campaign.id FROM campaign WHERE segments.date DURING LAST_9_DAYS' }));
    expect(e.code).toBe('INVALID_QUERY');
    expect(e.details[0]).toMatchObject({ path: 'query.query', code: 'INVALID_VALUE_WITH_DURING_OPERATOR', position: 60, line: 1, column: 61 });
  });

  it.each([
    ['missing FROM', 'SELECT campaign.id', 'EXPECTED_FROM'],
    ['LIMIT 0', 'SELECT campaign.id FROM campaign LIMIT 0', 'LIMIT_VALUE_TOO_LOW'],
    ['segments.date without a date range', 'SELECT segments.date, metrics.clicks FROM campaign', 'EXPECTED_FILTERS_ON_DATE_RANGE'],
  ])('rejects %s before any platform call', (_what, q, code) => {
    expect(invalid(() => checkedGaql({ query: q })).details[0]).toMatchObject({ code });
  });

  it('quotes structured values, so input cannot change the query', () => {
    const { query, ast } = checkedGaql({
      resource: 'campaign',
      fields: ['campaign.id'],
      where: [{ field: 'campaign.name', op: '=', value: "x' OR campaign.id > 0 --" }],
    });
    expect(query).toBe("SELECT campaign.id FROM campaign WHERE campaign.name = 'x\\' OR campaign.id > 0 --'");
    expect(ast.where).toHaveLength(1);
    expect(ast.where[0]).toMatchObject({ kind: 'compare', value: { kind: 'string', value: "x' OR campaign.id > 0 --" } });
  });

  it('builds the date range, order and limit of the structured form', () => {
    expect(
      checkedGaql({
        resource: 'campaign',
        fields: ['campaign.id', 'segments.date', 'metrics.clicks'],
        orderBy: [{ field: 'metrics.clicks', dir: 'desc' }],
        limit: 10,
        startDate: '2026-10-01',
        endDate: '2026-10-07',
      }).query,
    ).toBe(
      "SELECT campaign.id, segments.date, metrics.clicks FROM campaign WHERE segments.date BETWEEN '2026-10-01' AND '2026-10-07' ORDER BY metrics.clicks DESC LIMIT 10",
    );
  });

  it('points structured problems at the request member', () => {
    expect(invalid(() => checkedGaql({ resource: 'campaign', fields: ['campaign.id', 'segments.date'] })).details[0]).toMatchObject({
      path: 'query.fields[1]',
      code: 'EXPECTED_FILTERS_ON_DATE_RANGE',
    });
    expect(invalid(() => checkedGaql({ resource: 'campaign', fields: ['Campaign.Id'] })).details[0]).toMatchObject({ path: 'query.fields[0]', code: 'BAD_FIELD_NAME' });
    expect(invalid(() => checkedGaql({ resource: 'campaign', fields: ['campaign.id'], where: [{ field: 'campaign.id', op: 'OR', value: 1 }] })).details[0]).toMatchObject({
      path: 'query.where[0].op',
      code: 'BAD_OPERATOR',
    });
  });
});

describe('assets by level', () => {
  it.each(ASSET_LEVELS)('the %s level query parses, reads its resource and is ordered by id for stable pages', (level) => {
    const def = ASSET_LEVEL_DEFS[level];
    const ast = parseGaql(assetsQuery({ level }).query);
    expect(ast.from.name).toBe(def.resource);
    expect(ast.select.map((f) => f.name)).toEqual(def.defaultFields);
    expect(ast.orderBy).toEqual([expect.objectContaining({ field: expect.objectContaining({ name: def.idField }), direction: 'ASC' })]);
    expect(unknownFields(def, def.defaultFields)).toEqual([]);
  });

  it('keywords are the KEYWORD criteria, filtered by ids and statuses as lists', () => {
    expect(assetsQuery({ level: 'keyword', ids: ['12', '34'], statuses: ['ENABLED', 'PAUSED'], limit: 5 }).query).toBe(
      'SELECT ad_group_criterion.criterion_id, ad_group_criterion.keyword.text, ad_group_criterion.keyword.match_type, ad_group_criterion.status, ad_group_criterion.negative, ad_group.id, campaign.id ' +
        "FROM ad_group_criterion WHERE ad_group_criterion.type = 'KEYWORD' AND ad_group_criterion.criterion_id IN (12, 34) AND ad_group_criterion.status IN ('ENABLED', 'PAUSED') " +
        'ORDER BY ad_group_criterion.criterion_id ASC LIMIT 5',
    );
  });

  it('asks for the total only on the first page, then passes the page token through', () => {
    expect(assetsCall('1', 'Q').body).toEqual({ query: 'Q', searchSettings: { returnTotalResultsCount: true } });
    expect(assetsCall('1', 'Q', 'p2').body).toEqual({ query: 'Q', pageToken: 'p2' });
    expect(assetsPageFrom({ results: [{ x: 1 }], nextPageToken: 'p2', totalResultsCount: '7' })).toEqual({
      data: [{ x: 1 }],
      paging: { nextPageToken: 'p2', totalResultsCount: '7' },
    });
  });

  it('rejects fields outside the level list', () => {
    expect(unknownFields(ASSET_LEVEL_DEFS.campaign, ['campaign.id', 'ad_group.id', 'metrics.clicks'])).toEqual(['ad_group.id', 'metrics.clicks']);
  });
});

describe('insights', () => {
  it('defaults to the last 30 days and the common metrics', () => {
    expect(insightsQuery({ level: 'campaign' }).query).toBe(
      'SELECT campaign.id, campaign.name, metrics.impressions, metrics.clicks, metrics.cost_micros, metrics.ctr, metrics.average_cpc, metrics.conversions FROM campaign WHERE segments.date DURING LAST_30_DAYS',
    );
  });

  it('keyword insights read keyword_view with the criterion fields, segmented by date over a custom range', () => {
    const ast = parseGaql(insightsQuery({ level: 'keyword', metrics: ['clicks'], segments: ['date'], startDate: '2026-10-01', endDate: '2026-10-31' }).query);
    expect(ast.from.name).toBe('keyword_view');
    expect(ast.select.map((f) => f.name)).toEqual([
      'ad_group_criterion.criterion_id',
      'ad_group_criterion.keyword.text',
      'ad_group_criterion.keyword.match_type',
      'ad_group.id',
      'campaign.id',
      'segments.date',
      'metrics.clicks',
    ]);
    expect(ast.where[0]).toMatchObject({ kind: 'between', field: { name: 'segments.date' } });
  });

  it.each(INSIGHT_LEVELS)('the %s level query parses with its identifying fields', (level) => {
    const ast = parseGaql(insightsQuery({ level, dateRange: 'YESTERDAY', ids: ['5'] }).query);
    expect(ast.from.name).toBe(INSIGHT_LEVEL_DEFS[level].resource);
    expect(ast.where.map((c) => c.field.name)).toEqual([INSIGHT_LEVEL_DEFS[level].idField, 'segments.date']);
  });

  it('refuses a start date after the end date as INVALID_QUERY', () => {
    expect(invalid(() => insightsQuery({ level: 'campaign', startDate: '2026-10-31', endDate: '2026-10-01' })).details[0]).toMatchObject({
      code: 'DATE_RANGE_TOO_NARROW',
    });
  });
});

describe('import queries', () => {
  it.each(ASSET_LEVELS)('the %s import query selects the resource name that keys each record', (level) => {
    const ast = parseGaql(importQuery(level));
    expect(ast.select[0]!.name).toBe(`${ASSET_LEVEL_DEFS[level].resource}.resource_name`);
  });
});
