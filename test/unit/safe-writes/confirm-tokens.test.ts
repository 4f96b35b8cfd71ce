import type { Redis } from 'ioredis';
import { CONFIRM_TTL_MS, ConfirmTokens, type ConfirmBinding } from '../../../shared/domain/safe-writes/confirm-token';

/** The one Redis command the tokens use (`SET key 1 PX ms NX`), kept in memory on the same clock. */
function memoryRedis(now: () => number) {
  const keys = new Map<string, number>();
  const set = async (key: string, _v: string, _px: 'PX', ms: number, _nx: 'NX') => {
    const until = keys.get(key);
    if (until !== undefined && until > now()) return null;
    keys.set(key, now() + ms);
    return 'OK';
  };
  return { redis: { set } as unknown as Redis, keys };
}

const request: ConfirmBinding = {
  tenantId: 't1',
  principal: 'external-user:u1',
  method: 'POST',
  path: '/api/v1/google/campaigns/1/status',
  query: { validateOnly: false },
  body: { adAccountId: '1000000001', status: 'ENABLED' },
};

describe('ConfirmTokens', () => {
  let clock: number;
  let tokens: ConfirmTokens;
  beforeEach(() => {
    clock = Date.parse('2026-11-28T00:00:00Z');
    tokens = new ConfirmTokens('secret', memoryRedis(() => clock).redis, 'test:confirm', () => clock);
  });

  it('runs the request it was issued for, once', async () => {
    const t = tokens.issue(request);
    expect(await tokens.use(t, request)).toEqual({ ok: true });
    expect(await tokens.use(t, request)).toEqual({ ok: false, reason: 'The Confirm token has already been used.' });
  });

  it('is bound to the same request whatever the key order, and the method’s case', async () => {
    const t = tokens.issue(request);
    const same = { ...request, method: 'post', body: { status: 'ENABLED', adAccountId: '1000000001' } };
    expect(await tokens.use(t, same)).toEqual({ ok: true });
  });

  it.each([
    ['another tenant', { tenantId: 't2' }],
    ['another user', { principal: 'external-user:u2' }],
    ['another credential kind', { principal: 'api-key:k1' }],
    ['another method', { method: 'PATCH' }],
    ['another path', { path: '/api/v1/google/campaigns/2/status' }],
    ['another query', { query: { validateOnly: true } }],
    ['another body', { body: { adAccountId: '1000000001', status: 'PAUSED' } }],
    ['a body with one more field', { body: { ...request.body as object, extra: 1 } }],
  ])('refuses %s', async (_what, change) => {
    const t = tokens.issue(request);
    expect(await tokens.use(t, { ...request, ...change })).toEqual({ ok: false, reason: 'The Confirm token was issued for another request or another user.' });
    // A refusal does not spend the token.
    expect(await tokens.use(t, request)).toEqual({ ok: true });
  });

  it('expires after 10 minutes (injected clock)', async () => {
    const t = tokens.issue(request);
    clock += CONFIRM_TTL_MS - 1;
    const early = tokens.issue(request);
    expect(await tokens.use(early, request)).toEqual({ ok: true });
    clock += 1;
    expect(await tokens.use(t, request)).toEqual({ ok: false, reason: 'The Confirm token has expired.' });
    expect(CONFIRM_TTL_MS).toBe(600_000);
  });

  it('refuses a tampered, truncated or foreign token', async () => {
    const t = tokens.issue(request);
    const [payload, sig] = t.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3_600_000 })).toString('base64url');
    const foreign = new ConfirmTokens('another secret', memoryRedis(() => clock).redis, 'test:confirm', () => clock).issue(request);
    for (const bad of [`${longer}.${sig}`, `${payload}.${sig.slice(0, -2)}`, payload, `${t}.x`, '', 'a.b', foreign]) {
      expect(await tokens.use(bad, request)).toEqual({ ok: false, reason: 'The Confirm token is not one this gateway issued.' });
    }
  });

  it('holds a used token in Redis only until it would have expired', async () => {
    const mem = memoryRedis(() => clock);
    const own = new ConfirmTokens('secret', mem.redis, 'test:confirm', () => clock);
    await own.use(own.issue(request), request);
    expect([...mem.keys.entries()]).toEqual([[expect.stringMatching(/^test:confirm:[0-9a-f-]{36}$/), clock + CONFIRM_TTL_MS]]);
  });

  it('answers 503 SERVICE_UNAVAILABLE when Redis cannot record the use', async () => {
    const down = new ConfirmTokens('secret', { set: async () => Promise.reject(new Error('down')) } as unknown as Redis, 'test:confirm', () => clock);
    await expect(down.use(down.issue(request), request)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
