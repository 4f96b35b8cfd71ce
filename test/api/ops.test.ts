import { z } from 'zod';
import { http, startWorld, type World } from '../world';
import { defineRoute } from '../../api/routes/route';

const testRoutes = [
  defineRoute({
    method: 'post',
    path: '/__test/echo',
    operationId: 'testEcho',
    summary: 'Echo',
    tags: ['Test'],
    auth: 'none',
    body: z.object({ name: z.string().min(1), count: z.number().int() }).strict(),
    response: { schema: z.object({ name: z.string(), count: z.number().int() }) },
    errors: [413],
    handler: async ({ body }) => ({ data: body, message: 'Echoed' }),
  }),
  defineRoute({
    method: 'get',
    path: '/__test/boom',
    operationId: 'testBoom',
    summary: 'Throws',
    tags: ['Test'],
    auth: 'none',
    handler: async () => {
      throw new Error('secret internals: password=hunter2 at /srv/app.ts:42');
    },
  }),
];

describe('envelopes and error paths', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld({ platforms: [], tenant: false, app: { extraRoutes: testRoutes } });
  });
  afterAll(() => w?.close());

  it('answers a success with the envelope and echoes x-request-id', async () => {
    const r = await http(w.app.url, 'POST', '/__test/echo', { body: { name: 'a', count: 1 }, headers: { 'x-request-id': 'req-123' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBe('req-123');
    expect(r.body).toEqual({
      success: true,
      message: 'Echoed',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      statusCode: 200,
      data: { name: 'a', count: 1 },
    });
  });

  it('generates a request id when none is sent', async () => {
    const r = await http(w.app.url, 'GET', '/healthz');
    expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body.data.status).toBe('ok');
  });

  it('when the body is malformed JSON, answers 400 MALFORMED_JSON', async () => {
    const r = await http(w.app.url, 'POST', '/__test/echo', { rawBody: '{"name": "a",' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      success: false,
      statusCode: 400,
      path: '/__test/echo',
      requestId: r.headers.get('x-request-id'),
      error: { code: 'MALFORMED_JSON', details: [] },
    });
  });

  it('when the body is over 1 MiB, answers 413 PAYLOAD_TOO_LARGE', async () => {
    const r = await http(w.app.url, 'POST', '/__test/echo', { body: { name: 'x'.repeat(1024 * 1024 + 10), count: 1 } });
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('when fields have wrong types, are missing or unknown, answers 400 VALIDATION_FAILED with each field', async () => {
    const r = await http(w.app.url, 'POST', '/__test/echo', { body: { count: 'one', extra: true } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    const paths = r.body.error.details.map((d: { path: string }) => d.path).sort();
    expect(paths).toEqual(['body', 'body.count', 'body.name']);
  });

  it('when no body is sent to a route that needs one, answers 400', async () => {
    const r = await http(w.app.url, 'POST', '/__test/echo');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('when the route does not exist, answers 404 ROUTE_NOT_FOUND', async () => {
    const r = await http(w.app.url, 'GET', '/api/v1/nope');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('ROUTE_NOT_FOUND');
  });

  it('when a handler throws unexpectedly, answers 500 INTERNAL without leaking the message or stack', async () => {
    const r = await http(w.app.url, 'GET', '/__test/boom');
    expect(r.status).toBe(500);
    expect(r.body.error.code).toBe('INTERNAL');
    expect(JSON.stringify(r.body)).not.toMatch(/hunter2|secret internals|app\.ts/);
  });

  it('sets helmet security headers', async () => {
    const r = await http(w.app.url, 'GET', '/healthz');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('x-powered-by')).toBeNull();
  });

  it('JSON API answers, successes and errors alike, are not cached, sniffed or framed, and carry no page policies', async () => {
    // The OpenAPI document is the one cacheable JSON answer (test/api/ops/compression-and-caching.test.ts).
    for (const path of ['/api/v1/tenant/platforms', '/api/v1/no-such-route']) {
      const r = await http(w.app.url, 'GET', path);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(r.headers.get('x-dns-prefetch-control')).toBeNull();
      expect(r.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('readyz is green against the real Postgres and Redis', async () => {
    const r = await http(w.app.url, 'GET', '/readyz');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ status: 'ready', checks: { postgres: { status: 'ok' }, redis: { status: 'ok' } } });
  });

  it('does not serve /metrics on the public port when no METRICS_TOKEN is configured', async () => {
    const r = await http(w.app.url, 'GET', '/metrics');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
  });

  it('serves an HTML reference at /docs', async () => {
    const res = await fetch(`${w.app.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('spec-url="/api/v1/openapi.json"');
  });
});

describe('readiness when Redis is unreachable', () => {
  it('readyz answers 503 NOT_READY naming redis as down', async () => {
    const w = await startWorld({ platforms: [], tenant: false, env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const r = await http(w.app.url, 'GET', '/readyz');
      expect(r.status).toBe(503);
      expect(r.body.error.code).toBe('NOT_READY');
      expect(r.body.error.details[0].redis.status).toBe('down');
      expect(r.body.error.details[0].postgres.status).toBe('ok');
    } finally {
      await w?.close();
    }
  });
});

describe('/metrics on the public port with METRICS_TOKEN', () => {
  const token = 'metrics-token-0123456789abcdef';
  let w: World;
  beforeAll(async () => {
    w = await startWorld({ platforms: [], tenant: false, env: { METRICS_TOKEN: token } });
  });
  afterAll(() => w?.close());

  it('answers 401 without the token or with a wrong one', async () => {
    expect((await http(w.app.url, 'GET', '/metrics')).status).toBe(401);
    const wrong = await http(w.app.url, 'GET', '/metrics', { headers: { authorization: 'Bearer metrics-token-wrong-000000000' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('UNAUTHENTICATED');
  });

  it('serves Prometheus metrics to the token: HTTP durations by full route template (error answers too), queue depth, process metrics', async () => {
    await http(w.app.url, 'GET', '/healthz');
    const res = await fetch(`${w.app.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{.*route="\/healthz".*status="200"/);
    // Errors of routes inside a group router (/api/v1/jobs/…) keep their full template too.
    await http(w.app.url, 'GET', '/api/v1/jobs/00000000-0000-4000-8000-000000000000');
    const after = await (await fetch(`${w.app.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
    expect(after).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/jobs\/:jobId",status="401"\} 1/);
    expect(after).not.toMatch(/route="\/:jobId"/);
    expect(text).toMatch(/queue_jobs\{queue="platform-writes",state="waiting"\} 0/);
    expect(text).toContain('process_cpu_user_seconds_total');
  });
});
