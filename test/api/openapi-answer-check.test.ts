import { z } from 'zod';
import { defineRoute } from '../../api/routes/route';
import { useWorld } from '../world';
import { AnswerChecker } from '../helpers/openapi-validation';

/** A route whose answers break its own documented contract, in the ways the check must catch. */
const lyingRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/__test/counter',
    operationId: 'testCounter',
    summary: 'Counter read',
    tags: ['Test'],
    auth: 'none',
    query: z.object({ lie: z.enum(['type', 'status', 'no']).default('no') }),
    response: { schema: z.object({ count: z.number().int() }) },
    handler: async ({ query }) => {
      if (query.lie === 'type') return { data: { count: 'three' } };
      if (query.lie === 'status') return { data: { count: 3 }, status: 418 };
      return { data: { count: 3 } };
    },
  }),
];

describe('every answer a test sees is checked against the served OpenAPI document', () => {
  const w = useWorld({ platforms: [], tenant: false, app: { extraRoutes: lyingRoutes } });

  it('lets an answer that keeps the contract through', async () => {
    const r = await w.call('GET', '/api/v1/__test/counter', { as: {} });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ count: 3 });
  });

  it('fails the request whose body has a field of the wrong type, naming method, path, status and the schema error', async () => {
    await expect(w.call('GET', '/api/v1/__test/counter?lie=type', { as: {} })).rejects.toThrow(
      /GET \/api\/v1\/__test\/counter\?lie=type → 200: the body breaks the schema of GET \/api\/v1\/__test\/counter 200: \/data\/count must be integer/,
    );
  });

  it('fails the request answered with a status the operation does not document', async () => {
    await expect(w.call('GET', '/api/v1/__test/counter?lie=status', { as: {} })).rejects.toThrow(/GET \/api\/v1\/__test\/counter\?lie=status → 418: status 418 is not documented/);
  });

  it('takes the 404 ROUTE_NOT_FOUND envelope as the answer of a path no operation describes', async () => {
    const r = await w.call('GET', '/api/v1/no-such-thing', { as: {} });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('ROUTE_NOT_FOUND');
  });
});

describe('AnswerChecker', () => {
  const doc = {
    openapi: '3.1.0',
    paths: {
      '/api/v1/things/{id}': {
        get: {
          responses: {
            '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
            '302': { description: 'Redirect' },
          },
        },
      },
      '/api/v1/things/latest': { get: { responses: { '200': { content: { 'text/plain': { schema: { type: 'string' } } } } } } },
    },
    components: {
      schemas: {
        Thing: { type: 'object', required: ['id', 'at'], properties: { id: { type: 'string' }, at: { type: 'string', format: 'date-time' }, kind: { type: ['string', 'null'], enum: ['a', 'b', null] } } },
        StandardErrorEnvelopeDto: { type: 'object', required: ['success', 'error'], properties: { success: { const: false }, error: { type: 'object' } } },
      },
    },
  };
  const json = 'application/json; charset=utf-8';
  const answer = (over: Partial<Parameters<AnswerChecker['problem']>[0]>) => ({ method: 'GET', path: '/api/v1/things/7', status: 200, contentType: json, body: { id: '7', at: '2026-01-01T00:00:00.000Z', kind: null }, ...over });

  it('passes an answer that fits, a literal path winning over a template, and an undocumented body of a bodiless status', () => {
    const c = new AnswerChecker(JSON.stringify(doc));
    expect(c.problem(answer({}))).toBeUndefined();
    expect(c.problem(answer({ path: '/api/v1/things/latest', contentType: 'text/plain', body: 'x' }))).toBeUndefined();
    expect(c.problem(answer({ status: 302, contentType: 'text/plain', body: 'Found' }))).toBeUndefined();
    expect(c.validated).toBe(3);
  });

  it('names a wrong field type, a missing required field, a bad format and a value outside the enum', () => {
    const c = new AnswerChecker(JSON.stringify(doc));
    expect(c.problem(answer({ body: { id: 7, at: '2026-01-01T00:00:00.000Z' } }))).toMatch(/GET \/api\/v1\/things\/7 → 200: .*\/id must be string/);
    expect(c.problem(answer({ body: { id: '7' } }))).toMatch(/must have required property 'at'/);
    expect(c.problem(answer({ body: { id: '7', at: 'yesterday' } }))).toMatch(/\/at must match format "date-time"/);
    expect(c.problem(answer({ body: { id: '7', at: '2026-01-01T00:00:00Z', kind: 'c' } }))).toMatch(/\/kind must be equal to one of the allowed values \["a","b",null\]/);
  });

  it('names an undocumented status, an undocumented content type and an undocumented route', () => {
    const c = new AnswerChecker(JSON.stringify(doc));
    expect(c.problem(answer({ status: 500 }))).toMatch(/→ 500: status 500 is not documented for GET \/api\/v1\/things\/\{id\} \(documented: 200, 302\)/);
    expect(c.problem(answer({ contentType: 'text/html' }))).toMatch(/content type 'text\/html' is not documented/);
    expect(c.problem(answer({ method: 'DELETE' }))).toMatch(/no operation of the document describes DELETE \/api\/v1\/things\/7/);
    expect(c.problem(answer({ path: '/api/v1/nothing', status: 404, body: { success: false, error: { code: 'ROUTE_NOT_FOUND' } } }))).toBeUndefined();
  });

  it('holds each row of a per-level read to the schema of the request’s level', () => {
    const rows = {
      anyOf: [{ $ref: '#/components/schemas/CampaignRow' }, { $ref: '#/components/schemas/AdRow' }],
      'x-level-schemas': { parameter: 'level', mapping: { campaign: '#/components/schemas/CampaignRow', ad: '#/components/schemas/AdRow' } },
    };
    const leveled = {
      openapi: '3.1.0',
      paths: { '/api/v1/assets': { get: { responses: { '200': { content: { 'application/json': { schema: { type: 'object', properties: { list: { type: 'array', items: rows } } } } } } } } } },
      components: {
        schemas: {
          CampaignRow: { type: 'object', required: ['campaign_id'], properties: { campaign_id: { type: 'string' } } },
          AdRow: { type: 'object', required: ['ad_id'], properties: { ad_id: { type: 'string' }, campaign_id: { type: 'string' } } },
        },
      },
    };
    const c = new AnswerChecker(JSON.stringify(leveled));
    const read = (level: string, list: unknown[]) => c.problem({ method: 'GET', path: `/api/v1/assets?level=${level}`, status: 200, contentType: json, body: { list } });
    expect(read('ad', [{ ad_id: '1', campaign_id: '2' }])).toBeUndefined();
    expect(read('campaign', [{ campaign_id: '2' }])).toBeUndefined();
    // An ad row fits CampaignRow too (it has a campaign_id): only the request's level tells it is wrong here.
    expect(read('ad', [{ campaign_id: '2' }])).toMatch(/\/list\/0 \(level=ad: AdRow\) must have required property 'ad_id'/);
  });

  it('leaves the pages and their assets alone', () => {
    const c = new AnswerChecker(JSON.stringify(doc));
    expect(c.problem(answer({ path: '/connect/cs_1', contentType: 'text/html', body: '<html>' }))).toBeUndefined();
    expect(c.problem(answer({ path: '/assets/page.css', contentType: 'text/css', body: '' }))).toBeUndefined();
    expect(c.validated).toBe(0);
  });
});
