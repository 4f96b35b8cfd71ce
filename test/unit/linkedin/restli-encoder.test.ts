/** The adapter's Rest.li 2.0 encoder, checked against LinkedIn's documented forms and the simulator's independent decoder. */
import { encodeKey, encodeQuery, encodeRestli, type RestliInput } from '../../../shared/platforms/linkedin/restli';
import { decodeRestli } from '../../simulators/linkedin/restli';
import { rng } from '../../simulators/common/sim-kit';

describe('linkedin Rest.li encoder', () => {
  it('writes lists as List(), objects as (k:v), nested, with URN leaves percent-encoded and structure literal', () => {
    expect(encodeRestli({ status: { values: ['ACTIVE', 'PAUSED'] }, test: false })).toBe('(status:(values:List(ACTIVE,PAUSED)),test:false)');
    expect(encodeRestli(['urn:li:sponsoredAccount:123'])).toBe('List(urn%3Ali%3AsponsoredAccount%3A123)');
    expect(encodeRestli({ start: { year: 2025, month: 1, day: 1 } })).toBe('(start:(day:1,month:1,year:2025))');
    expect(encodeRestli([])).toBe('List()');
  });

  it('encodes characters that would read as structure inside a leaf', () => {
    expect(encodeRestli({ name: { values: ['Q1 (brand), EU: test'] } })).toBe('(name:(values:List(Q1%20%28brand%29%2C%20EU%3A%20test)))');
  });

  it('builds a query with fields as a plain comma list and drops undefined values', () => {
    expect(encodeQuery({ q: 'analytics', pivot: 'CAMPAIGN', fields: ['dateRange', 'impressions'], campaigns: undefined, accounts: ['urn:li:sponsoredAccount:1'] })).toBe(
      'q=analytics&pivot=CAMPAIGN&fields=dateRange,impressions&accounts=List(urn%3Ali%3AsponsoredAccount%3A1)',
    );
    expect(() => encodeQuery({ fields: ['a,b'] })).toThrow(/field name/);
  });

  it('encodes a URN path key whole', () => {
    expect(encodeKey('urn:li:sponsoredCreative:456')).toBe('urn%3Ali%3AsponsoredCreative%3A456');
    expect(encodeKey(123)).toBe('123');
  });

  it('round-trips 500 random nested values through the simulator decoder', () => {
    const r = rng(7);
    const alphabet = 'aZ09 -_.~:(),%!*\'é😀';
    const leaf = () => Array.from({ length: 1 + Math.floor(r() * 8) }, () => [...alphabet][Math.floor(r() * [...alphabet].length)]).join('');
    const gen = (depth: number): RestliInput => {
      const p = r();
      if (depth > 2 || p < 0.4) return leaf();
      if (p < 0.7) return Array.from({ length: Math.floor(r() * 4) }, () => gen(depth + 1));
      const o: Record<string, RestliInput> = {};
      for (let i = 0; i < 1 + Math.floor(r() * 3); i++) o[leaf()] = gen(depth + 1);
      return o;
    };
    const sorted = (v: RestliInput): unknown =>
      Array.isArray(v) ? v.map(sorted) : typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, RestliInput>)[k]!)])) : String(v);
    for (let i = 0; i < 500; i++) {
      const v = gen(0);
      // Only a list or object at the top may carry structure; a top-level leaf is one whole value.
      const wrapped = Array.isArray(v) || typeof v === 'object' ? v : [v];
      expect(decodeRestli(encodeRestli(wrapped))).toEqual(sorted(wrapped));
    }
  });
});
