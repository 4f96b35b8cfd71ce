import http from 'node:http';
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { defineRoute } from '../../../api/routes/route';
import { startWorld, type World } from '../../world';

/** A raw answer: the bytes as sent, so the test sees the encoding the gateway chose. */
interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function raw(base: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(base + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const decode = (r: Raw): string =>
  (r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body).toString('utf8');

/** Lets the test decide when the streamed export writes its last row. */
let releaseLastRow: () => void = () => undefined;

const ROWS = Array.from({ length: 200 }, (_, i) => ({ id: String(1000 + i), name: `Campaign ${i}`, status: i % 2 ? 'ACTIVE' : 'PAUSED' }));

const testRoutes = [
  defineRoute({
    method: 'get',
    path: '/__test/big',
    operationId: 'testBig',
    summary: 'List test rows',
    tags: ['Test'],
    auth: 'none',
    response: { schema: z.array(z.object({ id: z.string(), name: z.string(), status: z.string() })) },
    handler: async () => ({ data: ROWS, message: 'Rows fetched' }),
  }),
  defineRoute({
    method: 'get',
    path: '/__test/export.csv',
    operationId: 'testCsv',
    summary: 'Stream test rows as CSV',
    tags: ['Test'],
    auth: 'none',
    response: { mediaType: 'text/csv', description: 'Rows' },
    handler: async ({ res }) => {
      res.type('text/csv');
      res.write('id,name,status\n' + ROWS.map((r) => `${r.id},${r.name},${r.status}`).join('\n') + '\n');
      await new Promise<void>((resolve) => (releaseLastRow = resolve));
      res.end('9999,last,ACTIVE\n');
      return { handled: true };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/__test/events',
    operationId: 'testEvents',
    summary: 'Stream test events',
    tags: ['Test'],
    auth: 'none',
    response: { mediaType: 'text/event-stream', description: 'Events' },
    handler: async ({ res }) => {
      res.type('text/event-stream');
      res.end(`data: ${'x'.repeat(4000)}\n\n`);
      return { handled: true };
    },
  }),
];

describe('compression of JSON and text answers', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld({ platforms: [], tenant: false, app: { extraRoutes: testRoutes } });
  });
  afterAll(() => w?.close());

  it.each(['gzip', 'br'])('a JSON answer above 1 KB comes %s-encoded and decodes to the same JSON', async (encoding) => {
    const plain = await raw(w.app.url, '/__test/big', { 'accept-encoding': 'identity' });
    const packed = await raw(w.app.url, '/__test/big', { 'accept-encoding': encoding });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.headers.vary).toMatch(/Accept-Encoding/i);
    expect(packed.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(decode(packed)).data).toEqual(JSON.parse(plain.body.toString('utf8')).data);
    expect(JSON.parse(decode(packed)).data).toEqual(ROWS);
  });

  it('a client that sends no Accept-Encoding gets the answer as is, still marked as varying by Accept-Encoding', async () => {
    const r = await raw(w.app.url, '/__test/big');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(JSON.parse(r.body.toString('utf8')).data).toEqual(ROWS);
  });

  it('prefers br when the client accepts both', async () => {
    const r = await raw(w.app.url, '/__test/big', { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.headers['content-encoding']).toBe('br');
  });

  it('the OpenAPI document (over a megabyte) comes compressed and decodes to the document', async () => {
    const plain = await raw(w.app.url, '/api/v1/openapi.json', { 'accept-encoding': 'identity' });
    const packed = await raw(w.app.url, '/api/v1/openapi.json', { 'accept-encoding': 'gzip' });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.body.length).toBeLessThan(plain.body.length / 5);
    expect(JSON.parse(decode(packed))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('an answer under 1 KB is sent as is', async () => {
    const r = await raw(w.app.url, '/healthz', { 'accept-encoding': 'gzip, br' });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(r.body.toString('utf8')).data.status).toBe('ok');
  });

  it('never compresses Server-Sent Events', async () => {
    const r = await raw(w.app.url, '/__test/events', { 'accept-encoding': 'gzip, br' });
    expect(r.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.toString('utf8')).toMatch(/^data: x+\n\n$/);
  });

  it.each([
    ['gzip', createGunzip],
    ['br', createBrotliDecompress],
  ] as const)('a streamed CSV still streams under %s: the rows written so far arrive before the answer ends', async (encoding, decoder) => {
    const firstRows = await new Promise<{ text: string; rest: Promise<string> }>((resolve, reject) => {
      http
        .get(`${w.app.url}/__test/export.csv`, { headers: { 'accept-encoding': encoding } }, (res) => {
          expect(res.headers['content-encoding']).toBe(encoding);
          const text = (res.pipe(decoder()) as Readable).setEncoding('utf8');
          let seen = '';
          const rest = new Promise<string>((done) => text.on('end', () => done(seen)));
          text.on('data', (c: string) => {
            seen += c;
            // Every row written before the handler paused has been decoded: the stream was flushed.
            if (seen.includes(`${ROWS.at(-1)!.id},`)) resolve({ text: seen, rest });
          });
          text.on('error', reject);
        })
        .on('error', reject);
    });
    expect(firstRows.text).not.toContain('9999,last');
    releaseLastRow();
    const all = await firstRows.rest;
    expect(all.startsWith('id,name,status\n1000,Campaign 0,PAUSED\n')).toBe(true);
    expect(all.endsWith('9999,last,ACTIVE\n')).toBe(true);
  });
});

describe('caching of the document, the reference page and its assets', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld({ platforms: [], tenant: false });
  });
  afterAll(() => w?.close());

  it.each([
    ['/api/v1/openapi.json', 300, /^application\/json/],
    ['/docs', 300, /^text\/html/],
    ['/docs/redoc.standalone.js', 86_400, /^text\/javascript/],
    ['/assets/pages.css', 300, /^text\/css/],
    ['/favicon.ico', 86_400, /^image\/x-icon/],
  ])('%s carries an ETag and a lifetime, and answers 304 to a matching If-None-Match', async (path, maxAge, type) => {
    const first = await raw(w.app.url, path);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(type);
    expect(first.headers['cache-control']).toBe(`public, max-age=${maxAge}, must-revalidate`);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await raw(w.app.url, path, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);

    // The validator names the body, not its encoding: a gzip copy revalidates with the same ETag.
    const packed = await raw(w.app.url, path, { 'if-none-match': etag, 'accept-encoding': 'gzip' });
    expect(packed.status).toBe(304);

    const stale = await raw(w.app.url, path, { 'if-none-match': 'W/"something-else"' });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(first.body)).toBe(true);
  });

  it('documents the 304, the ETag and If-None-Match on the cacheable operations', async () => {
    const doc = JSON.parse((await raw(w.app.url, '/api/v1/openapi.json')).body.toString('utf8'));
    for (const [path, method] of [
      ['/api/v1/openapi.json', 'get'],
      ['/docs', 'get'],
      ['/docs/redoc.standalone.js', 'get'],
    ] as const) {
      const op = doc.paths[path][method];
      expect(op.responses['304']).toBeDefined();
      expect(op.responses['200'].headers.ETag).toBeDefined();
      expect(op.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'If-None-Match', in: 'header' })]));
    }
  });

  it('serves a 32×32 favicon in the ICO format', async () => {
    const r = await raw(w.app.url, '/favicon.ico');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/x-icon');
    // ICONDIR: reserved 0, type 1 (icon), one image; its entry: 32×32, 32 bits per pixel, data right after.
    expect([r.body.readUInt16LE(0), r.body.readUInt16LE(2), r.body.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([r.body[6], r.body[7], r.body.readUInt16LE(12)]).toEqual([32, 32, 32]);
    expect(r.body.readUInt32LE(18) + r.body.readUInt32LE(14)).toBe(r.body.length);
  });
});
