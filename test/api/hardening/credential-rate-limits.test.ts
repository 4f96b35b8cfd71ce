import { randomBytes } from 'node:crypto';
import { http, startWorld, type TestApp, type World } from '../../world';
import { createTenant } from '../../helpers/identity';

const randomKey = () => `aag_${randomBytes(24).toString('base64url')}`;
const retryAfter = (r: { headers: Headers }) => Number(r.headers.get('retry-after'));

describe('per-email login backoff', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ platforms: [], tenant: false, env: { LOGIN_EMAIL_MAX_FAILURES: '3', CREDENTIAL_IP_LIMIT_PER_MINUTE: '50' } });
  });
  afterAll(() => world?.close());

  it('after 3 wrong passwords for one email its logins answer 429 + Retry-After, even with the right password; other emails are unaffected', async () => {
    const victim = await createTenant(world.app);
    const other = await createTenant(world.app);
    const login = (email: string, password: string) => http(world.app.url, 'POST', '/api/v1/tenant/auth/login', { body: { email, password } });
    for (let i = 0; i < 3; i++) expect((await login(victim.email, 'wrong-password')).status).toBe(401);
    const blocked = await login(victim.email, victim.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('RATE_LIMITED');
    expect(retryAfter(blocked)).toBeGreaterThan(0);
    expect(retryAfter(blocked)).toBeLessThanOrEqual(900);
    expect((await login(victim.email.toUpperCase(), victim.password)).status).toBe(429);
    expect((await login(other.email, other.password)).status).toBe(200);
  });

  it('a successful login clears the count', async () => {
    const t = await createTenant(world.app);
    const login = (password: string) => http(world.app.url, 'POST', '/api/v1/tenant/auth/login', { body: { email: t.email, password } });
    for (let i = 0; i < 2; i++) expect((await login('nope')).status).toBe(401);
    expect((await login(t.password)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login('nope')).status).toBe(401);
    expect((await login(t.password)).status).toBe(200);
  });
});

describe('per-IP limit on failed credentials, shared by replicas', () => {
  let w: World;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // No tenant: the test's own sign-up is the first counted credential request.
    w = await startWorld({ platforms: [], tenant: false, env: { CREDENTIAL_IP_LIMIT_PER_MINUTE: '6', API_KEY_CACHE_TTL_MS: '0' } });
    [a, b] = [w.app, await w.replica()];
  });
  afterAll(() => w?.close());

  it('random API keys get 401 until the limit, then 429 + Retry-After on every replica, even for a valid key', async () => {
    const t = await createTenant(a); // sign-up is a credential request: 1 of 6
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await http(a.url, 'GET', '/api/v1/tenant/profile', { headers: { 'x-api-key': randomKey() } });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const valid = await http(a.url, 'GET', '/api/v1/tenant/profile', { headers: { 'x-api-key': t.apiKey } });
    expect(valid.status).toBe(429);
    expect(retryAfter(valid)).toBeGreaterThan(0);
    // The other replica shares the count in Redis: its first refused key is already over the limit.
    const onB = await http(b.url, 'GET', '/api/v1/tenant/profile', { headers: { 'x-api-key': randomKey() } });
    expect(onB.status).toBe(429);
    expect(onB.body.error.code).toBe('RATE_LIMITED');
  });
});

describe('per-IP limits on unauthenticated routes', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ platforms: [], tenant: false, env: { PUBLIC_IP_LIMIT_PER_MINUTE: '8', CREDENTIAL_IP_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => world?.close());

  it('password reset requests over the credential limit answer 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await http(world.app.url, 'POST', '/api/v1/tenant/auth/password/forgot', { body: { email: `x${i}@example.test` } })).status);
    }
    expect(statuses.slice(0, 3).every((s) => s < 300)).toBe(true);
    expect(statuses[3]).toBe(429);
  });

  it('once over it, sign-ups and every other route from that address answer 429 too', async () => {
    const signUp = await http(world.app.url, 'POST', '/api/v1/tenants', { body: { email: 'late@example.test', password: 'Long-enough-1', name: 'A', tenantName: 'T' } });
    expect(signUp.status).toBe(429);
    expect((await http(world.app.url, 'GET', '/healthz')).status).toBe(429);
  });
});

describe('per-IP limit on every unauthenticated route', () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ platforms: [], tenant: false, env: { PUBLIC_IP_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(() => world?.close());

  it('the 6th unauthenticated request in a minute answers 429 + Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await http(world.app.url, 'GET', '/healthz')).status);
    for (let i = 0; i < 3; i++) statuses.push((await http(world.app.url, 'POST', '/api/v1/tenant/auth/login', { body: { email: 'n@example.test', password: 'x' } })).status);
    expect(statuses).toEqual([200, 200, 200, 401, 401, 429]);
  });
});
