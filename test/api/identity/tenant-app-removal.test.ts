import { useWorld } from '../../world';

/*
 * Every call, refresh and check of a connection goes through the tenant's app for its platform, so
 * removing the app while connections are active would leave them all failing. The removal is refused
 * until they are revoked; revoked connections do not hold it back.
 */
const w = useWorld({ platform: 'tiktok' }, async (w) => {
  const bob = await w.userFor('bob-ext');
  const alice = await w.consent('tiktok');
  const bobs = await w.consent('tiktok', { as: bob, simUser: 'bob' });
  return { bob, alice, bobs };
});

const admin = () => ({ as: { 'x-api-key': w.apiKey } });
const removeApp = () => w.call('DELETE', '/api/v1/tenant/apps/tiktok', admin());

describe('DELETE /api/v1/tenant/apps/{platform} while connections use the app', () => {
  it('is refused with 409 PLATFORM_APP_IN_USE naming how many active connections must be revoked, until none is left', async () => {
    const refused = await removeApp();
    expect(refused.status).toBe(409);
    expect(refused.body.success).toBe(false);
    expect(refused.body.error.code).toBe('PLATFORM_APP_IN_USE');
    expect(refused.body.message).toContain('2 active connections');
    expect(refused.body.message).toMatch(/revoke them first/i);
    expect(refused.body.error.details).toEqual([{ platform: 'tiktok', activeConnections: 2 }]);
    // Nothing was removed: the app and the connections still work.
    expect((await w.call('GET', '/api/v1/tenant/apps/tiktok', admin())).status).toBe(200);
    const listed = await w.call('GET', '/api/v1/connections');
    expect(listed.status).toBe(200);
    expect(listed.body.data.items.find((c: { connectionId: string }) => c.connectionId === w.alice.connectionId)?.status).toBe('active');

    // A revoked connection no longer counts.
    expect((await w.call('DELETE', `/api/v1/connections/${w.alice.connectionId}`)).status).toBe(200);
    const still = await removeApp();
    expect(still.status).toBe(409);
    expect(still.body.message).toContain('1 active connection;');
    expect(still.body.error.details).toEqual([{ platform: 'tiktok', activeConnections: 1 }]);

    expect((await w.call('DELETE', `/api/v1/connections/${w.bobs.connectionId}`, { as: w.bob })).status).toBe(200);
    const removed = await removeApp();
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ platform: 'tiktok', deleted: true });
    expect((await w.call('GET', '/api/v1/tenant/apps/tiktok', admin())).status).toBe(404);
    expect((await removeApp()).status).toBe(404);
  });
});
