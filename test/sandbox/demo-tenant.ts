import { SIM_PLATFORMS, SIMULATORS } from '../simulators';

/** The demo tenant's owner; the sandbox creates (or reuses) it through the public API only. */
export const DEMO = {
  email: 'demo@sandbox.local',
  password: 'sandbox-demo-password',
  name: 'Demo Owner',
  tenantName: 'Demo SaaS',
} as const;

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => ({}))) as { data?: any; error?: { code: string }; message?: string };
  return { status: res.status, json };
}

/**
 * Idempotent: signs up on the first run; later runs log in and rotate the API key, since only its
 * hash is stored and the sandbox must print a working key.
 */
export async function ensureDemoTenant(base: string): Promise<{ apiKey: string; tenantId: string }> {
  const signUp = await call(base, 'POST', '/api/v1/tenants', DEMO);
  let apiKey: string;
  let tenantId: string;
  if (signUp.status === 201) {
    apiKey = signUp.json.data.apiKey;
    tenantId = signUp.json.data.tenant.id;
  } else {
    const login = await call(base, 'POST', '/api/v1/tenant/auth/login', { email: DEMO.email, password: DEMO.password });
    if (login.status !== 200) throw new Error(`demo login failed: ${login.status} ${JSON.stringify(login.json)}`);
    const auth = { authorization: `Bearer ${login.json.data.accessToken}` };
    const rotated = await call(base, 'POST', '/api/v1/tenant/api-key', undefined, auth);
    if (rotated.status !== 201) throw new Error(`demo key rotation failed: ${rotated.status} ${JSON.stringify(rotated.json)}`);
    apiKey = rotated.json.data.apiKey;
    const tenant = await call(base, 'GET', '/api/v1/tenant', undefined, auth);
    tenantId = tenant.json.data?.id ?? '';
  }
  // Every simulated platform, LinkedIn included, gets the app its simulator registers by default.
  for (const platform of SIM_PLATFORMS) {
    const body = SIMULATORS[platform].app;
    const r = await call(base, 'POST', `/api/v1/tenant/apps/${platform}`, body, { 'x-api-key': apiKey });
    if (r.status === 409 || r.json.error?.code === 'ALREADY_EXISTS') {
      await call(base, 'PATCH', `/api/v1/tenant/apps/${platform}`, body, { 'x-api-key': apiKey });
    } else if (r.status >= 300) throw new Error(`configuring ${platform} failed: ${r.status} ${JSON.stringify(r.json)}`);
  }
  await allowLocalOrigins(base, apiKey);
  return { apiKey, tenantId };
}

/**
 * The gateway's own origin is always allowed, but only in the one spelling of PUBLIC_URL
 * (`127.0.0.1`); a browser, and the README's examples, reach the same sandbox as `localhost` too.
 * Origins someone added to the demo tenant are kept.
 */
async function allowLocalOrigins(base: string, apiKey: string): Promise<void> {
  const port = new URL(base).port;
  const local = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  const tenant = await call(base, 'GET', '/api/v1/tenant', undefined, { 'x-api-key': apiKey });
  const current: string[] = tenant.json.data?.settings?.allowedOrigins ?? [];
  if (local.every((o) => current.includes(o))) return;
  const r = await call(base, 'PATCH', '/api/v1/tenant', { settings: { allowedOrigins: [...new Set([...current, ...local])] } }, { 'x-api-key': apiKey });
  if (r.status >= 300) throw new Error(`allowing the local origins failed: ${r.status} ${JSON.stringify(r.json)}`);
}
