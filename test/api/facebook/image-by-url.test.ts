import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACCOUNTS } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { FB_ENV } from './fixtures';

const A1: string = ACCOUNTS.alice[0];
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/*
 * POST /facebook/adimages with `url`: Meta's adimages edge takes only the file, so the gateway fetches
 * it in the job, under the same address rules as webhooks. Tests serve images from 127.0.0.1, which
 * MEDIA_FETCH_ALLOWED_HOSTS exempts; everything else local or private is refused.
 */
describe('a Meta ad image uploaded from a URL', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: { ...FB_ENV, MEDIA_FETCH_ALLOWED_HOSTS: '127.0.0.1', MEDIA_FETCH_MAX_BYTES: '4096' } }, async (w) => {
    await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` });
  });
  let site: http.Server;
  let base = '';
  const served: string[] = [];

  beforeAll(async () => {
    site = http.createServer((req, res) => {
      served.push(req.url ?? '');
      if (req.url === '/image.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (req.url === '/disguised.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not an image</html>');
      if (req.url === '/moved.png') return void res.writeHead(302, { location: '/image.png' }).end();
      if (req.url === '/huge.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(8192)]));
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => site.close(r));
  });

  const upload = (body: Record<string, unknown>) => w.call('POST', '/api/v1/facebook/adimages', { body: { adAccountId: A1, ...body } });
  const posts = async () => (await w.sim.calls(`/act_${A1}/adimages`)).filter((c) => c.method === 'POST');

  it('fetches the image, uploads its bytes and answers the same hash as uploading the bytes themselves', async () => {
    const byUrl = await upload({ url: `${base}/image.png` });
    expect(byUrl.status).toBe(200);
    expect(byUrl.body.data.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(served).toContain('/image.png');
    expect((await posts()).map((c) => c.body.bytes)).toEqual([PNG.toString('base64')]);
    const byBytes = await upload({ bytes: PNG.toString('base64') });
    expect(byBytes.body.data.hash).toBe(byUrl.body.data.hash);
  });

  it.each([
    ['neither bytes nor url', {}, 'body.bytes'],
    ['both bytes and url', { bytes: PNG.toString('base64'), url: 'https://cdn.example.com/a.png' }, 'body.url'],
    ['not a URL', { url: 'image.png' }, 'body.url'],
    ['plain http to a host that is not allowed', { url: 'http://cdn.example.com/a.png' }, 'body.url'],
    ['https to a private address', { url: 'https://10.1.2.3/a.png' }, 'body.url'],
    ['https to loopback under another name', { url: 'https://127.0.0.2/a.png' }, 'body.url'],
  ])('%s → 400 naming the field before any job, nothing fetched or uploaded', async (_what, body, path) => {
    const before = served.length;
    const r = await upload(body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    expect(r.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(r.body.jobId).toBeUndefined();
    expect(served.length).toBe(before);
    expect(await posts()).toHaveLength(0);
  });

  it.each([
    ['answers something that is not an image (whatever its content-type says)', '/disguised.png', /JPEG, PNG, GIF, BMP or TIFF/],
    ['redirects', '/moved.png', /redirects \(302\)/],
    ['is larger than MEDIA_FETCH_MAX_BYTES', '/huge.png', /larger than 4096 bytes/],
    ['answers 404', '/missing.png', /answered 404/],
  ])('a URL that %s: the job fails with 400 naming body.url, nothing uploaded to Meta', async (_what, file, why) => {
    const r = await upload({ url: `${base}${file}` });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    expect(r.body.message).toMatch(why);
    expect(r.body.error.details[0].path).toBe('body.url');
    expect(r.body.jobId).toEqual(expect.any(String));
    expect(await posts()).toHaveLength(0);
  });
});
