import { http, startWorld, type World } from '../../world';
import { createTenant, type CreatedTenant } from '../../helpers/identity';
import { bearer, closeAll, closeAndExpectNoLeaks, key } from './support';

type Creds = 'none' | 'key' | 'owner';
interface Case {
  name: string;
  method: string;
  path: string;
  creds: Creds;
  /** A body that would pass validation (never sent as is). */
  valid: Record<string, unknown>;
  /** Fields whose absence must be reported. */
  required: string[];
}

const cases: Case[] = [
  { name: 'CreateUserDto', method: 'POST', path: '/api/v1/tenants', creds: 'none', valid: { email: 'a@b.test', password: 'Long-enough-1', name: 'A', tenantName: 'T' }, required: ['email', 'password', 'name', 'tenantName'] },
  { name: 'AcceptInvitationDto', method: 'POST', path: '/api/v1/invitations/accept', creds: 'none', valid: { token: 'inv_x', name: 'A', password: 'Long-enough-1' }, required: ['token', 'name', 'password'] },
  { name: 'TenantLoginDto', method: 'POST', path: '/api/v1/tenant/auth/login', creds: 'none', valid: { email: 'a@b.test', password: 'x' }, required: ['email', 'password'] },
  { name: 'ChangePasswordDto', method: 'POST', path: '/api/v1/tenant/auth/password/change', creds: 'owner', valid: { currentPassword: 'x', newPassword: 'Long-enough-1' }, required: ['currentPassword', 'newPassword'] },
  { name: 'ForgetPasswordDto', method: 'POST', path: '/api/v1/tenant/auth/password/forgot', creds: 'none', valid: { email: 'a@b.test' }, required: ['email'] },
  { name: 'ResetPasswordDto', method: 'POST', path: '/api/v1/tenant/auth/password/reset', creds: 'none', valid: { token: 'rst_x', newPassword: 'Long-enough-1' }, required: ['token', 'newPassword'] },
  { name: 'UpdateTenantDto', method: 'PATCH', path: '/api/v1/tenant', creds: 'owner', valid: { name: 'N', settings: { timezone: 'UTC' } }, required: [] },
  { name: 'UpdateTenantProfileDto', method: 'PATCH', path: '/api/v1/tenant/profile', creds: 'key', valid: { companyName: 'C', website: 'https://x.test' }, required: [] },
  { name: 'CreateTenantInvitationDto', method: 'POST', path: '/api/v1/tenant/invitations', creds: 'key', valid: { email: 'a@b.test', role: 'member' }, required: ['email'] },
  { name: 'UpdateTenantUserDto', method: 'PATCH', path: '/api/v1/tenant/users/00000000-0000-4000-8000-000000000000', creds: 'owner', valid: { role: 'admin' }, required: ['role'] },
  { name: 'CreateAuthTokenDto', method: 'POST', path: '/api/v1/auth/token', creds: 'key', valid: { externalUserId: 'u1', email: 'a@b.test', name: 'U' }, required: ['externalUserId'] },
  { name: 'CreateTeamAuthTokenDto', method: 'POST', path: '/api/v1/team-1/auth/token', creds: 'key', valid: { email: 'a@b.test', name: 'U' }, required: [] },
  { name: 'CreateFacebookAppDto', method: 'POST', path: '/api/v1/tenant/apps/facebook', creds: 'key', valid: { appId: '123456', appSecret: 's', redirectUri: 'https://x.test/cb' }, required: ['appId', 'appSecret'] },
  { name: 'CreateGoogleAppDto', method: 'POST', path: '/api/v1/tenant/apps/google', creds: 'key', valid: { clientId: 'c', clientSecret: 's', developerToken: 'd', loginCustomerId: '1234567890' }, required: ['clientId', 'clientSecret'] },
  { name: 'CreateTiktokAppDto', method: 'POST', path: '/api/v1/tenant/apps/tiktok', creds: 'key', valid: { appId: 'a', secret: 's' }, required: ['appId', 'secret'] },
  { name: 'CreateLinkedinAppDto', method: 'POST', path: '/api/v1/tenant/apps/linkedin', creds: 'key', valid: { clientId: 'c', clientSecret: 's' }, required: ['clientId', 'clientSecret'] },
  { name: 'UpdateFacebookAppDto', method: 'PATCH', path: '/api/v1/tenant/apps/facebook', creds: 'key', valid: { appId: '123456' }, required: [] },
  { name: 'UpdateGoogleAppDto', method: 'PATCH', path: '/api/v1/tenant/apps/google', creds: 'key', valid: { loginCustomerId: '123-456-7890' }, required: [] },
  { name: 'UpdateTiktokAppDto', method: 'PATCH', path: '/api/v1/tenant/apps/tiktok', creds: 'key', valid: { secret: 's' }, required: [] },
  { name: 'UpdateLinkedinAppDto', method: 'PATCH', path: '/api/v1/tenant/apps/linkedin', creds: 'key', valid: { clientId: 'c' }, required: [] },
];

describe('400 VALIDATION_FAILED on every identity DTO', () => {
  let w: World;
  let t: CreatedTenant;
  beforeAll(async () => {
    w = await startWorld({ platforms: [], tenant: false });
    t = await createTenant(w.app);
  });
  afterAll(() => closeAll([w.app]));

  const send = (c: Case, body: unknown) => {
    const headers = c.creds === 'key' ? key(t.apiKey) : c.creds === 'owner' ? bearer(t.ownerToken) : {};
    return http(w.app.url, c.method, c.path, { headers, body });
  };
  const paths = (r: { body: { error: { details: { path: string }[] } } }) => r.body.error.details.map((d) => d.path);

  describe.each(cases)('$name ($method $path)', (c) => {
    it('wrong types on every field → 400 naming each field', async () => {
      const wrong = Object.fromEntries(Object.keys(c.valid).map((k) => [k, 12345]));
      const r = await send(c, wrong);
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_FAILED');
      expect(paths(r)).toEqual(expect.arrayContaining(Object.keys(c.valid).map((k) => `body.${k}`)));
    });

    it('an unknown field → 400', async () => {
      const r = await send(c, { ...c.valid, isAdmin: true });
      expect(r.status).toBe(400);
      expect(r.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ message: expect.stringContaining('isAdmin') })]));
    });

    it('missing required fields → 400 naming each one (an empty PATCH is refused too)', async () => {
      const r = await send(c, {});
      if (c.name === 'CreateTeamAuthTokenDto') {
        expect(r.status).toBe(200); // every field is optional
        return;
      }
      expect(r.status).toBe(400);
      expect(paths(r)).toEqual(expect.arrayContaining(c.required.map((k) => `body.${k}`)));
    });
  });

  it.each([
    ['page=abc', 'query.page'],
    ['page=0', 'query.page'],
    ['pageSize=101', 'query.pageSize'],
  ])('GET /tenant/users?%s → 400', async (q, path) => {
    const r = await http(w.app.url, 'GET', `/api/v1/tenant/users?${q}`, { headers: key(t.apiKey) });
    expect(r.status).toBe(400);
    expect(paths(r)).toContain(path);
  });

  it('a non-uuid user id → 400', async () => {
    const r = await http(w.app.url, 'GET', '/api/v1/tenant/users/42', { headers: key(t.apiKey) });
    expect(r.status).toBe(400);
  });

  it('field rules: bad email, short password, bad app id, bad customer id, bad URL', async () => {
    const su = await http(w.app.url, 'POST', '/api/v1/tenants', { body: { email: 'nope', password: 'short', name: 'A', tenantName: 'T' } });
    expect(paths(su).sort()).toEqual(['body.email', 'body.password']);
    const fb = await http(w.app.url, 'POST', '/api/v1/tenant/apps/facebook', { headers: key(t.apiKey), body: { appId: 'abc', appSecret: 's', redirectUri: 'javascript:x' } });
    expect(paths(fb).sort()).toEqual(['body.appId', 'body.redirectUri']);
    const g = await http(w.app.url, 'PATCH', '/api/v1/tenant/apps/google', { headers: key(t.apiKey), body: { loginCustomerId: '12' } });
    expect(paths(g)).toEqual(['body.loginCustomerId']);
  });

  it('leaves no secret in the captured pino logs', async () => {
    await closeAndExpectNoLeaks([w.app]);
  });
});
