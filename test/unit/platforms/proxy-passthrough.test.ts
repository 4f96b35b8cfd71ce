import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { PlatformHttpClient, redactToken } from '../../../shared/platforms/core/http-client';
import type { OutboundLimiter } from '../../../shared/platforms/core/limiter';
import type { ErrorMapper, PlatformDescriptor } from '../../../shared/platforms/core/types';

/*
 * A passthrough (proxied) call of the HTTP client: the answer is read only up to the cap, even when
 * it comes chunked without a Content-Length, and the call's token never survives in the answer.
 */

const TOKEN = 'tok-0123456789abcdef';
let server: Server;
let base: string;
let sentChunks = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/big') {
      // Chunked, no Content-Length: the client cannot know the size before reading.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"blob":"');
      const chunk = 'x'.repeat(16 * 1024);
      const timer = setInterval(() => {
        sentChunks++;
        if (res.destroyed || sentChunks > 20_000) {
          clearInterval(timer);
          if (!res.destroyed) res.end('"}');
          return;
        }
        res.write(chunk);
      }, 1);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ echo: TOKEN, link: `https://x.test/?access_token=${encodeURIComponent(TOKEN)}` }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function client(): PlatformHttpClient {
  const limiter = { run: (_k: unknown, _kind: unknown, fn: () => Promise<unknown>) => fn(), pause: async () => undefined } as unknown as OutboundLimiter;
  const errors: ErrorMapper = { classify: () => null, usage: () => [] } as unknown as ErrorMapper;
  const descriptor = { platform: 'test', apiBase: base } as unknown as PlatformDescriptor;
  return new PlatformHttpClient(descriptor, errors, { encode: (req) => ({ url: `${base}/${req.path}`, headers: {} }) }, { limiter, logger: pino({ level: 'silent' }), connectTimeoutMs: 1000, responseTimeoutMs: 5000, maxRetries: 0 });
}

it('aborts a chunked answer as soon as it passes the cap: PLATFORM_RESPONSE_TOO_LARGE, the rest never read', async () => {
  const c = client();
  await expect(c.request({ method: 'GET', path: 'big', kind: 'read', token: TOKEN, passthrough: { maxResponseBytes: 64 * 1024 } })).rejects.toMatchObject({ code: 'PLATFORM_RESPONSE_TOO_LARGE' });
  // The answer goes on until the client hangs up (320 MB at most): only a read that stops at the cap ends it.
  expect(sentChunks).toBeLessThan(20_000);
  await c.close();
});

it('replaces the call’s token, as is and URL-encoded, before the answer is parsed', async () => {
  const c = client();
  const body = await c.request<{ echo: string; link: string }>({ method: 'GET', path: 'echo', kind: 'read', token: TOKEN, passthrough: { maxResponseBytes: 1024 } });
  expect(JSON.stringify(body)).not.toContain(TOKEN);
  expect(body.echo).toBe('[REDACTED]');
  await c.close();
});

it('redactToken leaves short strings and other text alone', () => {
  expect(redactToken('abc short', 'short')).toBe('abc short');
  expect(redactToken(`a ${TOKEN} b`, TOKEN)).toBe('a [REDACTED] b');
});

it('redactToken replaces each call’s own token in all its forms, whichever token came before', () => {
  const other = 'other/token+with "quotes"';
  expect(redactToken(`${TOKEN} ${other}`, TOKEN)).toBe(`[REDACTED] ${other}`);
  expect(redactToken(`${TOKEN} ${other} ${JSON.stringify(other)} ${encodeURIComponent(other)}`, other)).toBe(`${TOKEN} [REDACTED] "[REDACTED]" [REDACTED]`);
  expect(redactToken(`x ${TOKEN}`, TOKEN)).toBe('x [REDACTED]');
});
