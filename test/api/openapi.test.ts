import { createConfig, lintFromString } from '@redocly/openapi-core';
import { startTestApp, http, type TestApp } from '../helpers/test-app';
import { WEBHOOK_EVENT_TYPES } from '../../shared/domain/webhooks/events';

describe('OpenAPI document', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('is valid OpenAPI 3.1 according to the Redocly linter', async () => {
    const r = await http(app.url, 'GET', '/api/v1/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    const config = await createConfig({ extends: ['minimal'] });
    const problems = await lintFromString({ source: JSON.stringify(r.body), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((e) => `${e.ruleId}: ${e.message} @ ${e.location[0]?.pointer}`)).toEqual([]);
  });

  it('documents the ops endpoints and the shared error envelope', async () => {
    const r = await http(app.url, 'GET', '/api/v1/openapi.json');
    expect(Object.keys(r.body.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz', '/metrics', '/docs']));
    expect(r.body.components.schemas.StandardErrorEnvelopeDto).toBeDefined();
  });

  it('documents the webhook routes and, under `webhooks`, the body of every event type', async () => {
    const r = await http(app.url, 'GET', '/api/v1/openapi.json');
    expect(Object.keys(r.body.paths)).toEqual(expect.arrayContaining(['/api/v1/tenant/webhooks', '/api/v1/tenant/webhooks/{id}/deliveries/{deliveryId}/redeliver']));
    expect(Object.keys(r.body.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const body = r.body.webhooks['job.completed'].post.requestBody.content['application/json'].schema;
    expect(body.properties.data).toEqual({ $ref: '#/components/schemas/JobDto' });
    expect(body.required).toEqual(expect.arrayContaining(['id', 'type', 'createdAt', 'data']));
  });
});
