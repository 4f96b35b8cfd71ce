import { hasLongArray, jsonBytes } from '../../../api/http/json-bytes';

/** Rows with every kind of value JSON.stringify treats specially, and text of 1-, 2-, 3- and 4-byte UTF-8. */
const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: String(i),
    text: i % 3 ? 'é€😀 "q" \\ \n\u2028' : 'plain',
    at: new Date(Date.UTC(2026, 0, 1 + (i % 28))),
    absent: undefined,
    fn: () => i,
    none: null,
    list: [undefined, () => 1, i, Symbol('s')],
    big: i * 1e21,
  }));

function sparse(n: number): unknown[] {
  const a = new Array<unknown>(n);
  a[7] = 'x';
  return a;
}

const BODIES: Array<[string, unknown]> = [
  ['a report page in its envelope', { success: true, message: 'Report fetched', timestamp: '2026-01-01T00:00:00.000Z', statusCode: 200, data: { rows: rows(1000), totals: [{ currency: 'EUR' }], errors: [], nextCursor: null, skipped: undefined } }],
  ['an array of exactly one slice and one past it', { data: { a: rows(128), b: rows(129), c: rows(256), d: rows(257) } }],
  ['a sparse array', { data: sparse(300) }],
  ['a long array as the body', rows(300)],
  ['a long array deeper than is walked', { data: { page: { inner: { rows: rows(300) } } } }],
  ['members with toJSON, and a toJSON giving nothing', { data: { rows: rows(200), at: new Date(0), own: { toJSON: () => 'own' }, gone: { toJSON: () => undefined } } }],
  ['an array with its own toJSON', { data: Object.assign(rows(200), { toJSON: () => 'whole' }) }],
  ['an object without a prototype', { data: Object.assign(Object.create(null) as object, { rows: rows(200), k: 1 }) }],
  ['an empty envelope', { data: {} }],
];

describe('jsonBytes: a large JSON answer written slice by slice into a kept buffer', () => {
  it.each(BODIES)('gives exactly JSON.stringify’s bytes: %s', (_name, body) => {
    // Twice, so the second writes into the buffer the first handed back.
    for (let round = 0; round < 2; round++) {
      const { bytes, release } = jsonBytes(body);
      expect(bytes.toString('utf8')).toBe(JSON.stringify(body));
      expect(bytes.length).toBe(Buffer.byteLength(JSON.stringify(body)));
      release();
    }
  });

  it('grows its buffer for an answer larger than it, then writes a smaller answer into the buffer it kept', () => {
    const big = { data: { rows: rows(20_000) } };
    const first = jsonBytes(big);
    expect(first.bytes.length).toBeGreaterThan(1 << 20);
    expect(first.bytes.toString('utf8')).toBe(JSON.stringify(big));
    first.release();
    const small = { data: { rows: rows(200) } };
    const second = jsonBytes(small);
    expect(second.bytes.toString('utf8')).toBe(JSON.stringify(small));
    second.release();
  });

  it('takes only bodies with a long array within the walked depth', () => {
    expect(hasLongArray({ success: true, data: { rows: rows(129) } })).toBe(true);
    expect(hasLongArray(rows(129))).toBe(true);
    expect(hasLongArray({ success: true, data: { rows: rows(128) } })).toBe(false);
    expect(hasLongArray({ data: { page: { inner: { rows: rows(300) } } } })).toBe(false);
    expect(hasLongArray({ data: { at: new Date(0), list: [1, 2] } })).toBe(false);
  });
});
