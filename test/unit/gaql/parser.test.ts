import { DURING_LITERALS, parseGaql, printGaql } from '../../../shared/platforms/google/gaql';
import { BASE, parsed } from './helpers';

const where = (cond: string) => parsed(`${BASE} WHERE ${cond}`).where[0];

describe('GAQL parser: clauses', () => {
  it('reads SELECT with several fields and FROM one resource', () => {
    expect(parsed('SELECT campaign.id, campaign.name, metrics.clicks, segments.device FROM campaign')).toEqual({
      select: [{ name: 'campaign.id' }, { name: 'campaign.name' }, { name: 'metrics.clicks' }, { name: 'segments.device' }],
      from: { name: 'campaign' },
      where: [],
      orderBy: [],
      parameters: [],
    });
  });

  it('accepts nested attribute fields and attributed resources', () => {
    const ast = parsed('SELECT ad_group_ad.ad.final_urls, ad_group.id, campaign.id FROM ad_group_ad');
    expect(ast.select.map((f) => f.name)).toEqual(['ad_group_ad.ad.final_urls', 'ad_group.id', 'campaign.id']);
  });

  it('treats keywords case-insensitively and any whitespace as a separator', () => {
    const ast = parsed('select\tcampaign.id\n,metrics.clicks\r\nfrom campaign wHeRe metrics.clicks>0 order by campaign.id desc limit 3');
    expect(printGaql(ast)).toBe('SELECT campaign.id, metrics.clicks FROM campaign WHERE metrics.clicks > 0 ORDER BY campaign.id DESC LIMIT 3');
  });

  it('joins WHERE conditions with AND in order', () => {
    const ast = parsed(`${BASE} WHERE campaign.status = ENABLED AND metrics.clicks > 10 and campaign.name != 'x'`);
    expect(ast.where.map((c) => c.op)).toEqual(['=', '>', '!=']);
  });

  it('reads ORDER BY items with and without a direction', () => {
    expect(parsed(`${BASE} ORDER BY metrics.clicks DESC, campaign.name asc, campaign.id`).orderBy).toEqual([
      { field: { name: 'metrics.clicks' }, direction: 'DESC' },
      { field: { name: 'campaign.name' }, direction: 'ASC' },
      { field: { name: 'campaign.id' } },
    ]);
  });

  it('reads LIMIT as a number', () => {
    expect(parsed(`${BASE} LIMIT 10000`).limit).toEqual({ value: 10000 });
  });

  it('reads both PARAMETERS, with case-insensitive boolean values', () => {
    expect(parsed(`${BASE} PARAMETERS include_drafts=TRUE, omit_unselected_resource_names = false`).parameters).toEqual([
      { name: 'include_drafts', value: true },
      { name: 'omit_unselected_resource_names', value: false },
    ]);
  });

  it('reads every clause together', () => {
    const q =
      "SELECT campaign.id, segments.date, metrics.clicks FROM campaign WHERE segments.date DURING LAST_30_DAYS AND campaign.status IN ('ENABLED', 'PAUSED') ORDER BY metrics.clicks DESC LIMIT 50 PARAMETERS include_drafts=true";
    expect(printGaql(parseGaql(q))).toBe(q);
  });

  it('records spans for fields, resource and conditions', () => {
    const q = `${BASE} WHERE campaign.name = 'a b'`;
    const ast = parseGaql(q);
    expect(ast.select[0]?.span).toEqual({ start: 7, end: 18 });
    expect(ast.from.span).toEqual({ start: 24, end: 32 });
    expect(ast.where[0]?.span).toEqual({ start: q.indexOf('campaign.name'), end: q.length });
  });
});

describe('GAQL parser: operators', () => {
  it.each(['=', '!=', '>', '>=', '<', '<='])('reads the comparison %s', (op) => {
    expect(where(`metrics.clicks ${op} 5`)).toEqual({
      kind: 'compare',
      field: { name: 'metrics.clicks' },
      op,
      value: { kind: 'number', raw: '5' },
    });
  });

  it.each([
    ['IN', 'IN'],
    ['NOT IN', 'NOT IN'],
    ['not   in', 'NOT IN'],
    ['CONTAINS ANY', 'CONTAINS ANY'],
    ['CONTAINS ALL', 'CONTAINS ALL'],
    ['contains none', 'CONTAINS NONE'],
  ])('reads the list operator %s', (written, op) => {
    expect(where(`campaign.labels ${written} ('customers/1/labels/2', 'customers/1/labels/3')`)).toEqual({
      kind: 'list',
      field: { name: 'campaign.labels' },
      op,
      value: {
        kind: 'list',
        items: [
          { kind: 'string', value: 'customers/1/labels/2' },
          { kind: 'string', value: 'customers/1/labels/3' },
        ],
      },
    });
  });

  it.each(['LIKE', 'NOT LIKE', 'REGEXP_MATCH', 'NOT REGEXP_MATCH'])('reads the text operator %s', (op) => {
    expect(where(`campaign.name ${op.toLowerCase()} '(?i).*brand.*'`)).toEqual({
      kind: 'match',
      field: { name: 'campaign.name' },
      op,
      value: { kind: 'string', value: '(?i).*brand.*' },
    });
  });

  it('reads LIKE with bracket-escaped wildcards unchanged', () => {
    expect(where("campaign.name LIKE '[[]Earth[_]to[_]Mars[]]%'")).toMatchObject({ value: { value: '[[]Earth[_]to[_]Mars[]]%' } });
  });

  it.each([
    ['IS NULL', 'IS NULL'],
    ['is not null', 'IS NOT NULL'],
  ])('reads %s', (written, op) => {
    expect(where(`campaign.end_date_time ${written}`)).toEqual({ kind: 'null', field: { name: 'campaign.end_date_time' }, op });
  });

  it('reads BETWEEN with ISO and compact dates', () => {
    expect(where("segments.date BETWEEN '2026-01-01' AND '20260131'")).toEqual({
      kind: 'between',
      field: { name: 'segments.date' },
      op: 'BETWEEN',
      low: { kind: 'string', value: '2026-01-01' },
      high: { kind: 'string', value: '20260131' },
    });
  });

  it('reads BETWEEN with numbers', () => {
    expect(where('metrics.clicks BETWEEN 1 AND 10')).toMatchObject({ low: { raw: '1' }, high: { raw: '10' } });
  });

  it.each(DURING_LITERALS)('reads DURING %s', (name) => {
    expect(where(`segments.date DURING ${name}`)).toEqual({
      kind: 'during',
      field: { name: 'segments.date' },
      op: 'DURING',
      value: { kind: 'function', name },
    });
  });

  it('normalises a lower-case DURING literal to upper case', () => {
    expect(where('segments.date during last_business_week')).toMatchObject({ value: { name: 'LAST_BUSINESS_WEEK' } });
  });
});

describe('GAQL parser: literals', () => {
  const value = (v: string) => (where(`campaign.name = ${v}`) as { value: unknown }).value;

  it('reads single- and double-quoted strings', () => {
    expect(value("'Brand'")).toEqual({ kind: 'string', value: 'Brand' });
    expect(value('"Brand"')).toEqual({ kind: 'string', value: 'Brand' });
  });

  it('resolves the escapes \\\\, \\\' and \\"', () => {
    expect(value(String.raw`'it\'s \"x\" a\\b'`)).toEqual({ kind: 'string', value: `it's "x" a\\b` });
    expect(value(String.raw`"say \"hi\""`)).toEqual({ kind: 'string', value: 'say "hi"' });
  });

  it('keeps the other quote character and non-ASCII text as written inside strings', () => {
    expect(value(`"O'Brien — café 🚀"`)).toEqual({ kind: 'string', value: "O'Brien — café 🚀" });
    expect(value("''")).toEqual({ kind: 'string', value: '' });
  });

  it('keeps numbers as written so int64 ids are exact', () => {
    expect(value('9223372036854775807')).toEqual({ kind: 'number', raw: '9223372036854775807' });
    expect(value('-12.50')).toEqual({ kind: 'number', raw: '-12.50' });
  });

  it('reads unquoted enum constants and booleans as literals, keeping their case', () => {
    expect(value('PAUSED')).toEqual({ kind: 'literal', value: 'PAUSED' });
    expect(value('False')).toEqual({ kind: 'literal', value: 'False' });
  });

  it('reads lists mixing strings, numbers and literals', () => {
    expect((where("campaign.id IN (1, '2', THREE)") as { value: unknown }).value).toEqual({
      kind: 'list',
      items: [
        { kind: 'number', raw: '1' },
        { kind: 'string', value: '2' },
        { kind: 'literal', value: 'THREE' },
      ],
    });
  });
});
