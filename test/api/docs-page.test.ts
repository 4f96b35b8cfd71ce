import { startTestApp, http, type TestApp } from '../helpers/test-app';

describe('/docs reference page', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('serves the page and the Redoc bundle from this process, with no third-party origin', async () => {
    const page = await http(app.url, 'GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<redoc spec-url="/api/v1/openapi.json"');
    expect(page.body).not.toMatch(/https?:\/\//);
    const script = await fetch(`${app.url}/docs/redoc.standalone.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
  });
});
