import { buildUrl } from '../../../shared/platforms/core/encode';

/** What the URL parser makes of a path below a base: the answer buildUrl must give, however it gets there. */
const parsed = (base: string, path: string) => new URL(`./${path.replace(/^\/+/, '')}`, base.endsWith('/') ? base : `${base}/`).toString();

describe('buildUrl', () => {
  const bases = ['http://127.0.0.1:4101/v23', 'https://googleads.googleapis.com/v26/', 'HTTP://Example.COM:80/a/b', 'https://graph.facebook.com/v21.0'];
  const paths = [
    'customers/1234567890/googleAds:searchStream',
    '/customers:listAccessibleCustomers',
    'act_1/campaigns',
    '//leading/slashes',
    'a//b/',
    "marks@!$&'()*+,;=~-._",
    'dots/./in/../between',
    '../up',
    'needs encoding/é/"quoted"/{braces}',
    'percent%2Fkept',
    'query?in=path',
  ];

  it.each(bases.flatMap((b) => paths.map((p) => [b, p] as const)))('joins %s and %s as the URL parser would', (base, path) => {
    expect(buildUrl(base, path)).toBe(parsed(base, path));
  });

  it('adds the query to a path joined below the base', () => {
    expect(buildUrl('http://127.0.0.1:4101/v23', 'customers/1/assets', { a: 1, b: { c: 2 }, none: undefined })).toBe(
      'http://127.0.0.1:4101/v23/customers/1/assets?a=1&b=%7B%22c%22%3A2%7D',
    );
  });

  /** What the URL parser makes of the same path and query, set as its search. */
  const parsedWithQuery = (base: string, path: string, query: Record<string, unknown>) => {
    const url = new URL(parsed(base, path));
    const params = new URLSearchParams(url.search);
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    if (params.toString()) url.search = params.toString();
    return url.toString();
  };
  const queries: Record<string, unknown>[] = [
    { advertiser_id: '7000000000000000011', page: 1, page_size: 10 },
    { filtering: { campaign_ids: ['1', '2'], name: 'Sale & more #1 "été" 50%+' }, fields: ['a', 'b'] },
    { 'key with space': 'a+b=c?d/e', emoji: '🎯', tab: '\t', none: null, gone: undefined },
    { only: undefined },
  ];

  it.each(bases.flatMap((b) => ['campaign/get/', 'customers/1/assets', 'query?in=path', 'dots/../x'].flatMap((p) => queries.map((q) => [b, p, q] as const))))(
    'joins %s, %s and the query %j as the URL parser would',
    (base, path, query) => {
      expect(buildUrl(base, path, query)).toBe(parsedWithQuery(base, path, query));
    },
  );
});
