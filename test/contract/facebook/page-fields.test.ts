import { ACCOUNTS, PAGES } from '../../simulators/facebook';
import { DEFAULT_FIELDS } from '../../../shared/platforms/facebook/operations/fields';
import { simPerFile } from './fb-client';

/**
 * Source: facebook-nodejs-business-sdk src/objects/page.js (Page Fields: no tasks, is_promotable,
 * is_place) and facebook-python-business-sdk facebook_business/adobjects/user.py get_accounts
 * (is_promotable and is_place are its filter parameters). Graph answers error 100 for a field the
 * node does not have.
 */
describe('facebook simulator: Page node fields', () => {
  const { fb } = simPerFile();

  it.each(['tasks', 'is_promotable', 'is_place'])('refuses %s on a Page node with error 100', async (field) => {
    const res = await fb.get(PAGES.alice[0], { fields: `id,name,${field}` });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 100, type: 'OAuthException' });
  });

  it('refuses is_promotable on promote_pages too, since the edge lists Page nodes', async () => {
    const res = await fb.get(`act_${ACCOUNTS.alice[0]}/promote_pages`, { fields: 'id,is_promotable' });
    expect(res.body.error).toMatchObject({ code: 100 });
    expect(res.status).toBe(400);
  });

  it('serves the gateway default Page fields', async () => {
    const res = await fb.get(PAGES.alice[0], { fields: DEFAULT_FIELDS.page.join(',') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: PAGES.alice[0], name: 'Alice Page 1', category: 'Local business' });
  });

  it('filters /me/accounts by is_promotable and keeps tasks as a field of that edge', async () => {
    const res = await fb.get('me/accounts', { is_promotable: true, fields: 'id,name,tasks' });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data[0]).toEqual({ id: expect.any(String), name: expect.any(String), tasks: expect.arrayContaining(['ADVERTISE']) });
  });
});
