import { createConfig, lintFromString } from '@redocly/openapi-core';
import { startTestApp, http, type TestApp } from '../helpers/test-app';

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
});
