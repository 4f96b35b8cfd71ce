import {
  GaqlError,
  buildGaql,
  escapeLikePattern,
  parseGaql,
  stripSpans,
  structuredToAst,
  type StructuredGaql,
} from '../../../shared/platforms/google/gaql';

function builderError(input: StructuredGaql, options?: { resources?: string[] }): GaqlError {
  try {
    buildGaql(input, options);
  } catch (err) {
    expect(err).toBeInstanceOf(GaqlError);
    return err as GaqlError;
  }
  throw new Error('expected the builder to reject the input');
}

const base: StructuredGaql = { resource: 'campaign', fields: ['campaign.id'] };

describe('buildGaql', () => {
  it('writes the canonical query for every part of the structured form', () => {
    expect(
      buildGaql({
        resource: 'campaign',
        fields: ['campaign.id', 'campaign.name', 'segments.date', 'metrics.clicks'],
        where: [
          { field: 'campaign.status', op: 'in', value: ['ENABLED', 'PAUSED'] },
          { field: 'metrics.clicks', op: '>=', value: 10 },
          { field: 'campaign.end_date_time', op: 'is  null' },
          { field: 'customer.manager', op: '=', value: false },
          { field: 'campaign.id', op: 'between', value: [1n, 9223372036854775807n] },
        ],
        orderBy: [{ field: 'metrics.clicks', dir: 'desc' }, { field: 'campaign.id' }],
        limit: 100,
        dateRange: 'last_30_days',
        parameters: { omit_unselected_resource_names: true, include_drafts: false },
      }),
    ).toBe(
      'SELECT campaign.id, campaign.name, segments.date, metrics.clicks FROM campaign ' +
        "WHERE campaign.status IN ('ENABLED', 'PAUSED') AND metrics.clicks >= 10 AND campaign.end_date_time IS NULL " +
        'AND customer.manager = FALSE AND campaign.id BETWEEN 1 AND 9223372036854775807 AND segments.date DURING LAST_30_DAYS ' +
        'ORDER BY metrics.clicks DESC, campaign.id LIMIT 100 PARAMETERS include_drafts=false, omit_unselected_resource_names=true',
    );
  });

  it('turns startDate/endDate into an inclusive BETWEEN on segments.date', () => {
    expect(buildGaql({ ...base, fields: ['segments.date'], startDate: '2026-01-01', endDate: '2026-01-31' })).toBe(
      "SELECT segments.date FROM campaign WHERE segments.date BETWEEN '2026-01-01' AND '2026-01-31'",
    );
  });

  it('keeps hostile text inside one quoted value', () => {
    const hostile = `x' OR campaign.id = '1" \\' LIMIT 1 --`;
    const gaql = buildGaql({ ...base, where: [{ field: 'campaign.name', op: '=', value: hostile }] });
    expect(gaql).toBe(`SELECT campaign.id FROM campaign WHERE campaign.name = 'x\\' OR campaign.id = \\'1" \\\\\\' LIMIT 1 --'`);
    const ast = parseGaql(gaql);
    expect(ast.where).toHaveLength(1);
    expect(ast.where[0]).toMatchObject({ value: { kind: 'string', value: hostile } });
    expect(ast.limit).toBeUndefined();
  });

  it('writes very small and very large numbers without an exponent, keeping their value', () => {
    const gaql = buildGaql({ ...base, where: [{ field: 'metrics.ctr', op: 'BETWEEN', value: [1.5e-7, 1e21] }] });
    expect(gaql).toBe('SELECT campaign.id FROM campaign WHERE metrics.ctr BETWEEN 0.00000015 AND 1000000000000000000000');
  });

  it('matches literal wildcards with escapeLikePattern', () => {
    const gaql = buildGaql({ ...base, where: [{ field: 'campaign.name', op: 'LIKE', value: `${escapeLikePattern('50%_off [x]')}%` }] });
    expect(gaql).toBe("SELECT campaign.id FROM campaign WHERE campaign.name LIKE '50[%][_]off [[]x[]]%'");
  });

  it('its AST description matches what the parser reads back', () => {
    const input: StructuredGaql = { ...base, where: [{ field: 'campaign.name', op: 'REGEXP_MATCH', value: '(?i)brand.*' }], limit: 5 };
    expect(stripSpans(parseGaql(buildGaql(input)))).toEqual(structuredToAst(input));
  });
});

describe('buildGaql rejects bad input with a path', () => {
  it.each<[string, StructuredGaql, string, string]>([
    ['bad resource', { ...base, resource: 'Campaign' }, 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', 'resource'],
    ['resource with injected clause', { ...base, resource: 'campaign WHERE x' }, 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', 'resource'],
    ['metrics as resource', { ...base, resource: 'metrics' }, 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE', 'resource'],
    ['no fields', { ...base, fields: [] }, 'BAD_FIELD_NAME', 'fields'],
    ['bad field', { ...base, fields: ['campaign.id', 'campaign.id FROM x'] }, 'BAD_FIELD_NAME', 'fields[1]'],
    ['bad where field', { ...base, where: [{ field: 'id', op: '=', value: 1 }] }, 'BAD_FIELD_NAME', 'where[0].field'],
    ['unknown op', { ...base, where: [{ field: 'campaign.id', op: '<>', value: 1 }] }, 'BAD_OPERATOR', 'where[0].op'],
    ['value for IS NULL', { ...base, where: [{ field: 'campaign.id', op: 'IS NULL', value: 1 }] }, 'BAD_VALUE', 'where[0].value'],
    ['missing value', { ...base, where: [{ field: 'campaign.id', op: '=' }] }, 'BAD_VALUE', 'where[0].value'],
    ['list for =', { ...base, where: [{ field: 'campaign.id', op: '=', value: [1] }] }, 'EXPECTED_SINGLE_VALUE', 'where[0].value'],
    ['scalar for IN', { ...base, where: [{ field: 'campaign.id', op: 'IN', value: 1 }] }, 'EXPECTED_LIST', 'where[0].value'],
    ['empty IN', { ...base, where: [{ field: 'campaign.id', op: 'NOT IN', value: [] }] }, 'PROHIBITED_EMPTY_LIST_IN_CONDITION', 'where[0].value'],
    ['LIKE number', { ...base, where: [{ field: 'campaign.name', op: 'LIKE', value: 5 }] }, 'INVALID_VALUE_WITH_LIKE_OPERATOR', 'where[0].value'],
    ['REGEXP number', { ...base, where: [{ field: 'campaign.name', op: 'REGEXP_MATCH', value: 5 }] }, 'BAD_VALUE', 'where[0].value'],
    ['bad DURING', { ...base, where: [{ field: 'segments.date', op: 'DURING', value: 'LAST_8_DAYS' }] }, 'INVALID_VALUE_WITH_DURING_OPERATOR', 'where[0].value'],
    ['BETWEEN one value', { ...base, where: [{ field: 'metrics.clicks', op: 'BETWEEN', value: [1] }] }, 'INVALID_VALUE_WITH_BETWEEN_OPERATOR', 'where[0].value'],
    ['newline', { ...base, where: [{ field: 'campaign.name', op: '=', value: 'a\nb' }] }, 'PROHIBITED_NEWLINE_IN_STRING', 'where[0].value'],
    ['NaN', { ...base, where: [{ field: 'metrics.clicks', op: '>', value: NaN }] }, 'BAD_NUMBER', 'where[0].value'],
    ['Infinity', { ...base, where: [{ field: 'metrics.ctr', op: '>', value: Infinity }] }, 'BAD_NUMBER', 'where[0].value'],
    ['object value', { ...base, where: [{ field: 'campaign.id', op: 'IN', value: [{}] as never }] }, 'BAD_VALUE', 'where[0].value[0]'],
    ['bad dir', { ...base, orderBy: [{ field: 'campaign.id', dir: 'up' }] }, 'BAD_VALUE', 'orderBy[0].dir'],
    ['limit 0', { ...base, limit: 0 }, 'LIMIT_VALUE_TOO_LOW', 'limit'],
    ['limit negative', { ...base, limit: -3 }, 'BAD_LIMIT_VALUE', 'limit'],
    ['limit fraction', { ...base, limit: 2.5 }, 'BAD_LIMIT_VALUE', 'limit'],
    ['bad dateRange', { ...base, dateRange: 'LAST_YEAR' }, 'INVALID_VALUE_WITH_DURING_OPERATOR', 'dateRange'],
    ['dateRange and dates', { ...base, dateRange: 'TODAY', startDate: '2026-01-01', endDate: '2026-01-02' }, 'BAD_VALUE', 'dateRange'],
    ['startDate only', { ...base, startDate: '2026-01-01' }, 'EXPECTED_VALUE_WITH_BETWEEN_OPERATOR', 'endDate'],
    ['endDate only', { ...base, endDate: '2026-01-01' }, 'EXPECTED_VALUE_WITH_BETWEEN_OPERATOR', 'startDate'],
    ['bad startDate', { ...base, startDate: "2026-01-01' OR 1=1", endDate: '2026-01-02' }, 'INVALID_DATE_FORMAT', 'startDate'],
    ['reversed dates', { ...base, startDate: '2026-02-01', endDate: '2026-01-01' }, 'DATE_RANGE_TOO_NARROW', 'startDate'],
    ['unknown parameter', { ...base, parameters: { include_deleted: true } as never }, 'BAD_PARAMETER_NAME', 'parameters.include_deleted'],
    ['bad parameter value', { ...base, parameters: { include_drafts: 'yes' } as never }, 'BAD_PARAMETER_VALUE', 'parameters.include_drafts'],
  ])('%s → %s at %s', (_name, input, code, path) => {
    const err = builderError(input);
    expect({ code: err.code, path: err.path }).toEqual({ code, path });
  });

  it('reports rules found by parsing back, with the generated GAQL and its position', () => {
    const err = builderError({ resource: 'campaign', fields: ['campaign.id', 'segments.date'] });
    expect(err.toJSON()).toMatchObject({
      code: 'EXPECTED_FILTERS_ON_DATE_RANGE',
      path: 'fields[1]',
      position: 20,
      gaql: 'SELECT campaign.id, segments.date FROM campaign',
    });
  });

  it('points a parse-back problem in WHERE at the condition', () => {
    const err = builderError({ ...base, where: [{ field: 'campaign.id', op: '>', value: 1 }, { field: 'segments.device', op: '=', value: 'MOBILE' }] });
    expect({ code: err.code, path: err.path }).toEqual({ code: 'EXPECTED_REFERENCED_FIELD_IN_SELECT_CLAUSE', path: 'where[1]' });
  });

  it('checks FROM and fields against a known resource list when given one', () => {
    const err = builderError({ resource: 'campaign', fields: ['campaign.id', 'campagin.name'] }, { resources: ['campaign'] });
    expect({ code: err.code, path: err.path }).toEqual({ code: 'UNRECOGNIZED_FIELD', path: 'fields[1]' });
  });
});
