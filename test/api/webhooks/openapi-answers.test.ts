import { http, startWorld, type World } from '../../world';
import { createTenant, trackSecret, type CreatedTenant } from '../../helpers/identity';
import { undocumentedAnswer } from '../../helpers/openapi-answers';
import { key } from './support';

const BASE = '/api/v1/tenant/webhooks';

describe('webhook endpoint answers (disabledReason: null) match the served OpenAPI document', () => {
  let world: World;
  let t: CreatedTenant;
  let doc: any;
  beforeAll(async () => {
    world = await startWorld({ platforms: [], tenant: false, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    t = await createTenant(world.app);
    doc = (await http(world.app.url, 'GET', '/api/v1/openapi.json')).body;
  });
  afterAll(() => world?.close());

  const call = async (method: string, path: string, body?: unknown) => {
    const r = await http(world.app.url, method, path, { headers: key(t.apiKey), body });
    expect([method, path, r.status]).toEqual([method, path, method === 'POST' ? 201 : 200]);
    return { r, problems: await undocumentedAnswer(doc, method, path, r) };
  };

  it('create, get, list, update and rotate', async () => {
    const created = await call('POST', BASE, { url: 'http://127.0.0.1:9/hooks', events: ['job.completed'] });
    trackSecret(created.r.body.data.secret);
    expect(created.r.body.data.disabledReason).toBeNull();
    const id = created.r.body.data.id as string;
    const rotated = await call('POST', `${BASE}/${id}/secret/rotate`, {});
    trackSecret(rotated.r.body.data.secret);
    const answers = [created, await call('GET', `${BASE}/${id}`), await call('GET', BASE), await call('PATCH', `${BASE}/${id}`, { description: 'ops' }), rotated];
    expect(answers.flatMap((a) => a.problems)).toEqual([]);
  });
});
