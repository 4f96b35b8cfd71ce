import { randomUUID } from 'node:crypto';
import type { TestApp } from '../world';
import type { TenantRole } from '../../shared/domain/identity/auth-context';

/** A console answer read as a browser would get it: status, headers, the page's text. */
export interface PageAnswer {
  status: number;
  headers: Headers;
  text: string;
  location: string | null;
}

/** A form's fields as a browser posts them: a list is a repeated field (checkboxes). */
const formBody = (form: Record<string, string | string[]>) =>
  new URLSearchParams(Object.entries(form).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x): [string, string] => [k, x]))).toString();

export async function fetchPage(base: string, path: string, o: { cookie?: string; form?: Record<string, string | string[]>; headers?: Record<string, string> } = {}): Promise<PageAnswer> {
  const headers: Record<string, string> = { ...(o.cookie ? { cookie: o.cookie } : {}), ...o.headers };
  if (o.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await fetch(base + path, { method: o.form ? 'POST' : 'GET', headers, body: o.form ? formBody(o.form) : undefined, redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text(), location: res.headers.get('location') };
}

/** Signs in through the console's form; answers the session cookie (name=value). */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const r = await fetchPage(base, '/console/sign-in', { form: { email, password, next: '/console' } });
  if (r.status !== 303) throw new Error(`sign-in: ${r.status} ${r.text.slice(0, 300)}`);
  const set = r.headers.get('set-cookie') ?? '';
  return set.split(';')[0]!;
}

/** The anti-forgery field of a page's forms. */
export const csrfIn = (html: string): string => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** A tenant user with a role and a password, made through the domain service (no mail round trip). */
export async function makeUser(app: TestApp, tenantId: string, role: TenantRole): Promise<{ email: string; password: string }> {
  const em = app.infra.orm.em.fork();
  const email = `${role}-${randomUUID().slice(0, 8)}@example.test`;
  const password = `pw-${randomUUID()}`;
  await app.services.tenantUsers.create(em, tenantId, { email, name: `A ${role}`, password, role });
  await em.flush();
  return { email, password };
}

/** A finished job row of a tenant, as the job service stores one (the console reads, never runs, jobs). */
export async function insertJob(app: TestApp, tenantId: string, o: { state: 'completed' | 'failed'; operation?: string; platform?: string; account?: string; error?: { code: string; message: string }; result?: unknown }): Promise<string> {
  const id = randomUUID();
  await app.infra.orm.em.getConnection().execute(
    `insert into jobs (id, tenant_id, owner_key, type, operation, platform, queue, platform_account_id, state, attempts, result, error, created_at, started_at, finished_at)
     values (?, ?, ?, 'write', ?, ?, 'writes', ?, ?, 1, ?::jsonb, ?::jsonb, now() - interval '2 minutes', now() - interval '1 minute', now())`,
    [id, tenantId, `key:${randomUUID()}`, o.operation ?? 'updateCampaignStatus', o.platform ?? 'tiktok', o.account ?? '7000000000000000011', o.state, JSON.stringify(o.result ?? null), o.error ? JSON.stringify(o.error) : null],
  );
  return id;
}

/** A failed delivery of one event to an endpoint, as the delivery service leaves one that gave up. */
export async function insertFailedDelivery(app: TestApp, tenantId: string, endpointId: string): Promise<string> {
  const db = app.infra.orm.em.getConnection();
  const eventId = `evt_${randomUUID()}`;
  const id = randomUUID();
  await db.execute(`insert into webhook_events (id, tenant_id, type, payload, dispatched_at) values (?, ?, 'connection.revoked', '{}', now())`, [eventId, tenantId]);
  await db.execute(
    `insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, status, attempts, last_attempt_at, last_status_code, last_error)
     values (?, ?, ?, ?, 'failed', 8, now(), 500, 'the receiver answered 500')`,
    [id, tenantId, endpointId, eventId],
  );
  return id;
}

/** One audit record of a write, as the safe-write layer stores one. */
export async function insertAuditRecord(app: TestApp, tenantId: string, o: { operation: string; before: object; after: object; account?: string }): Promise<string> {
  const id = randomUUID();
  await app.infra.orm.em.getConnection().execute(
    `insert into audit_records (id, tenant_id, principal_kind, principal_id, external_user_id, surface, platform, ad_account_id, operation, outcome, params, before, after)
     values (?, ?, 'external-user', ?, 'shop-42', 'rest', 'tiktok', ?, ?, 'completed', '{}'::jsonb, ?::jsonb, ?::jsonb)`,
    [id, tenantId, randomUUID(), o.account ?? '7000000000000000011', o.operation, JSON.stringify(o.before), JSON.stringify(o.after)],
  );
  return id;
}
