import fc from 'fast-check';
import {
  DURING_LITERALS,
  GaqlError,
  buildGaql,
  parseGaql,
  printGaql,
  stripSpans,
  structuredToAst,
  validateGaql,
  type BuilderCondition,
  type BuilderScalar,
  type GaqlQuery,
  type StructuredGaql,
} from '../../../shared/platforms/google/gaql';

const snake = fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/);
const resourceName = fc.oneof(fc.constantFrom('campaign', 'ad_group', 'ad_group_ad', 'customer', 'customer_client', 'keyword_view'), snake);
const resourceField = fc
  .tuple(resourceName, fc.array(snake, { minLength: 1, maxLength: 3 }))
  .map(([r, parts]) => [r, ...parts].join('.'));
const metricField = snake.map((s) => `metrics.${s}`);
/** Non-date segments; the core date segments are covered by dateRange below. */
const segmentField = snake.filter((s) => !['date', 'week', 'month', 'quarter', 'year'].includes(s)).map((s) => `segments.${s}`);

const text = fc.oneof(
  fc.string(),
  fc.fullUnicodeString({ maxLength: 12 }),
  fc.constantFrom("'", '"', '\\', "\\'", "' OR campaign.id = '1", '%_[]', ' WHERE ', ''),
);
const scalar: fc.Arbitrary<BuilderScalar> = fc.oneof(
  text,
  fc.integer(),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
);
const list = fc.array(scalar, { minLength: 1, maxLength: 4 });

function conditionFor(fields: fc.Arbitrary<string>, textFields: fc.Arbitrary<string>): fc.Arbitrary<BuilderCondition> {
  return fc.oneof(
    fc.record({ field: fields, op: fc.constantFrom('=', '!=', '>', '>=', '<', '<='), value: scalar }),
    fc.record({ field: textFields, op: fc.constantFrom('LIKE', 'not like', 'REGEXP_MATCH', 'NOT REGEXP_MATCH'), value: text }),
    fc.record({ field: fields, op: fc.constantFrom('IN', 'NOT IN'), value: list }),
    fc.record({ field: textFields, op: fc.constantFrom('CONTAINS ANY', 'contains all', 'CONTAINS NONE'), value: list }),
    fc.record({ field: fields, op: fc.constantFrom('IS NULL', 'IS NOT NULL') }),
    fc.record({ field: fields, op: fc.constant('BETWEEN'), value: fc.tuple(scalar, scalar) }),
    fc.record({ field: textFields, op: fc.constant('DURING'), value: fc.constantFrom(...DURING_LITERALS) }),
  );
}

const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const structured: fc.Arbitrary<StructuredGaql> = fc
  .record({
    resource: resourceName,
    fields: fc.array(fc.oneof(resourceField, metricField, segmentField), { minLength: 1, maxLength: 5 }),
    withDate: fc.boolean(),
    dates: fc.oneof(
      fc.record({ dateRange: fc.constantFrom(...DURING_LITERALS) }),
      fc.tuple(isoDate, isoDate).map(([a, b]) => (a <= b ? { startDate: a, endDate: b } : { startDate: b, endDate: a })),
    ),
    where: fc.array(conditionFor(fc.oneof(resourceField, metricField), resourceField), { maxLength: 4 }),
    orderBy: fc.array(fc.record({ field: fc.oneof(resourceField, metricField) , dir: fc.constantFrom(undefined, 'ASC', 'desc') }), { maxLength: 3 }),
    limit: fc.option(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), { nil: undefined }),
    parameters: fc.option(fc.record({ include_drafts: fc.boolean(), omit_unselected_resource_names: fc.boolean() }, { requiredKeys: [] }), {
      nil: undefined,
    }),
  })
  .map(({ withDate, dates, orderBy, fields, ...rest }) => ({
    ...rest,
    fields: withDate ? [...fields, 'segments.date'] : fields,
    orderBy: orderBy.map((o) => (o.dir === undefined ? { field: o.field } : { field: o.field, dir: o.dir })),
    ...(withDate || rest.where.length === 0 ? dates : {}),
  }));

/** Re-renders an AST with random keyword case, quote style and spacing: same query, different text. */
function scrambled(ast: GaqlQuery): fc.Arbitrary<string> {
  return fc.tuple(fc.infiniteStream(fc.boolean()), fc.infiniteStream(fc.constantFrom(' ', '  ', '\n', '\t', ' \r\n '))).map(([flips, spaces]) => {
    const flip = () => flips.next().value as boolean;
    const sp = () => spaces.next().value as string;
    const kw = (k: string) => (flip() ? k.toLowerCase() : k);
    const str = (v: string) => (flip() ? `'${v.replace(/[\\']/g, '\\$&')}'` : `"${v.replace(/[\\"]/g, '\\$&')}"`);
    const val = (v: { kind: string; value?: string; raw?: string }) => (v.kind === 'string' ? str(v.value as string) : (v.raw ?? v.value) as string);
    const conds = ast.where.map((c) => {
      const f = c.field.name;
      switch (c.kind) {
        case 'null':
          return `${f}${sp()}${kw(c.op)}`;
        case 'between':
          return `${f}${sp()}${kw('BETWEEN')}${sp()}${val(c.low)}${sp()}${kw('AND')}${sp()}${val(c.high)}`;
        case 'during':
          return `${f}${sp()}${kw('DURING')}${sp()}${kw(c.value.name)}`;
        case 'list':
          return `${f}${sp()}${kw(c.op)}${sp()}(${c.value.items.map(val).join(`,${sp()}`)})`;
        default:
          return `${f}${sp()}${kw(c.op)}${sp()}${val(c.value)}`;
      }
    });
    let q = `${sp()}${kw('SELECT')}${sp()}${ast.select.map((f) => f.name).join(`${sp()},`)}${sp()}${kw('FROM')}${sp()}${ast.from.name}`;
    if (conds.length) q += `${sp()}${kw('WHERE')}${sp()}${conds.join(`${sp()}${kw('AND')}${sp()}`)}`;
    if (ast.orderBy.length) {
      q += `${sp()}${kw('ORDER')}${sp()}${kw('BY')}${sp()}`;
      q += ast.orderBy.map((o) => (o.direction ? `${o.field.name}${sp()}${kw(o.direction)}` : o.field.name)).join(`,${sp()}`);
    }
    if (ast.limit) q += `${sp()}${kw('LIMIT')}${sp()}${ast.limit.value}`;
    if (ast.parameters.length) {
      q += `${sp()}${kw('PARAMETERS')}${sp()}${ast.parameters.map((p) => `${p.name}${sp()}=${sp()}${kw(String(p.value).toUpperCase())}`).join(`,${sp()}`)}`;
    }
    return q + sp();
  });
}

function tryBuild(input: StructuredGaql): string | undefined {
  try {
    return buildGaql(input);
  } catch (err) {
    // Rejecting is allowed, but only as a GaqlError pointing into the input.
    expect(err).toBeInstanceOf(GaqlError);
    expect((err as GaqlError).path).toEqual(expect.any(String));
    return undefined;
  }
}

describe('GAQL round trip (property)', () => {
  it('whatever the builder accepts parses back to the same structure, and printing is a fixed point', () => {
    let accepted = 0;
    let runs = 0;
    fc.assert(
      fc.property(structured, (input) => {
        runs++;
        const gaql = tryBuild(input);
        if (gaql === undefined) return;
        accepted++;
        const ast = parseGaql(gaql);
        expect(stripSpans(ast)).toEqual(structuredToAst(input));
        expect(printGaql(ast)).toBe(gaql);
        expect(printGaql(parseGaql(printGaql(ast)))).toBe(printGaql(ast));
      }),
      { numRuns: 400 },
    );
    // The generator must mostly produce acceptable queries, or the property above proves little.
    expect(accepted / runs).toBeGreaterThan(0.9);
  });

  it('any surface spelling of an accepted query prints to the same canonical text', () => {
    const pairs = structured
      .map((input) => ({ input, gaql: tryBuild(input) }))
      .filter((p): p is { input: StructuredGaql; gaql: string } => p.gaql !== undefined)
      .chain(({ gaql }) => scrambled(parseGaql(gaql)).map((variant) => ({ gaql, variant })));
    fc.assert(
      fc.property(pairs, ({ gaql, variant }) => {
        const once = printGaql(parseGaql(variant));
        expect(once).toBe(gaql);
        expect(printGaql(parseGaql(once))).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws anything but a GaqlError, and positions stay inside the text', () => {
    const mutated = fc
      .tuple(structured.map((s) => tryBuild(s) ?? 'SELECT campaign.id FROM campaign'), fc.nat(), fc.nat(), fc.string({ maxLength: 3 }))
      .map(([q, at, drop, insert]) => {
        const i = at % (q.length + 1);
        return q.slice(0, i) + insert + q.slice(i + (drop % 4));
      });
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.fullUnicodeString(), mutated), (query) => {
        const result = validateGaql(query);
        if (result.ok) {
          expect(printGaql(parseGaql(printGaql(result.ast)))).toBe(printGaql(result.ast));
          return;
        }
        expect(result.error.position).toBeGreaterThanOrEqual(0);
        expect(result.error.position).toBeLessThanOrEqual(query.length);
        expect(result.error.line).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 1000 },
    );
  });
});
