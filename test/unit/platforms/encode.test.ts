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
});
