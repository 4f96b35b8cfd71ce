import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Vault } from '../../infra/crypto';
import { AppError } from '../../errors/app-error';
import type { TargetPolicy } from '../../infra/outbound-target';
import type { WebhookEventType } from './events';

export type EventSelection = '*' | WebhookEventType[];

export interface EndpointInput {
  url: string;
  events: EventSelection;
  description?: string | null;
  enabled?: boolean;
}

export interface EndpointView {
  id: string;
  url: string;
  events: EventSelection;
  description: string | null;
  enabled: boolean;
  /** Why the gateway disabled it (`failing`: every attempt failed for 3 days); null otherwise. */
  disabledReason: string | null;
  disabledAt: string | null;
  /** While set and in the future, the previous secret signs too. */
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryView {
  id: string;
  eventId: string;
  eventType: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastAttemptAt: string | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
}

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const MAX_ENDPOINTS = 20;
export const DEFAULT_ROTATION_GRACE_SECONDS = 24 * 3600;

const ENDPOINT_COLUMNS = `id, url, events, description, enabled, disabled_reason, disabled_at, previous_secret_expires_at, created_at, updated_at`;

function endpointView(r: Row): EndpointView {
  const events = r.events as string[];
  const grace = iso(r.previous_secret_expires_at);
  return {
    id: r.id as string,
    url: r.url as string,
    events: events.includes('*') ? '*' : (events as WebhookEventType[]),
    description: (r.description as string | null) ?? null,
    enabled: r.enabled as boolean,
    disabledReason: (r.disabled_reason as string | null) ?? null,
    disabledAt: iso(r.disabled_at),
    previousSecretExpiresAt: grace && new Date(grace) > new Date() ? grace : null,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

export function deliveryView(r: Row): DeliveryView {
  return {
    id: r.id as string,
    eventId: r.event_id as string,
    eventType: r.type as string,
    status: r.status as DeliveryView['status'],
    attempts: Number(r.attempts),
    lastStatusCode: r.last_status_code === null ? null : Number(r.last_status_code),
    lastAttemptAt: iso(r.last_attempt_at),
    lastError: (r.last_error as string | null) ?? null,
    nextAttemptAt: r.status === 'pending' ? iso(r.next_attempt_at) : null,
    deliveredAt: iso(r.delivered_at),
    createdAt: iso(r.created_at)!,
  };
}

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
/** A Postgres array literal (the query builder would spread a JS array into separate bindings); names are validated enums. */
const eventsColumn = (e: EventSelection) => `{${(e === '*' ? ['*'] : [...new Set(e)]).map((t) => `"${t}"`).join(',')}}`;
const notFound = () => new AppError('NOT_FOUND', 'Webhook endpoint not found');

/** A tenant's webhook endpoints; every query is scoped by tenant, so another tenant's id is a 404. */
export class WebhookEndpointService {
  constructor(
    private readonly deps: {
      vault: Vault;
      policy: TargetPolicy;
      /** Queues one delivery attempt (the delivery service). */
      enqueue: (deliveryId: string, round: number) => Promise<void>;
      /** The tenant's endpoints changed (EventSubscriptions.changed): every replica re-reads what it subscribes to. */
      changed: (tenantId: string) => Promise<void>;
    },
  ) {}

  async create(em: EntityManager, tenantId: string, input: EndpointInput): Promise<EndpointView & { secret: string }> {
    await this.deps.policy.validate(input.url);
    const [count] = await em.execute<Row[]>('select count(*)::int as n from webhook_endpoints where tenant_id = ?', [tenantId]);
    if (Number(count?.n) >= MAX_ENDPOINTS) {
      throw new AppError('VALIDATION_FAILED', `A tenant may have at most ${MAX_ENDPOINTS} webhook endpoints`, { details: [{ path: 'body', message: 'too many endpoints' }] });
    }
    const secret = newSecret();
    const rows = await em.execute<Row[]>(
      `insert into webhook_endpoints (id, tenant_id, url, events, description, enabled, secret_enc)
       values (?, ?, ?, ?::text[], ?, ?, ?) returning ${ENDPOINT_COLUMNS}`,
      [randomUUID(), tenantId, input.url, eventsColumn(input.events), input.description ?? null, input.enabled ?? true, this.deps.vault.encrypt(secret)],
    );
    await this.deps.changed(tenantId);
    return { ...endpointView(rows[0]!), secret };
  }

  async list(em: EntityManager, tenantId: string): Promise<EndpointView[]> {
    const rows = await em.execute<Row[]>(`select ${ENDPOINT_COLUMNS} from webhook_endpoints where tenant_id = ? order by created_at, id`, [tenantId]);
    return rows.map(endpointView);
  }

  async get(em: EntityManager, tenantId: string, id: string): Promise<EndpointView> {
    const rows = await em.execute<Row[]>(`select ${ENDPOINT_COLUMNS} from webhook_endpoints where id = ? and tenant_id = ?`, [id, tenantId]);
    if (!rows[0]) throw notFound();
    return endpointView(rows[0]);
  }

  /** Re-enabling clears the failure record, so the 3-day window starts afresh. */
  async update(em: EntityManager, tenantId: string, id: string, patch: Partial<EndpointInput>): Promise<EndpointView> {
    await this.get(em, tenantId, id);
    if (patch.url !== undefined) await this.deps.policy.validate(patch.url);
    const sets: string[] = [];
    const params: unknown[] = [];
    const set = (sql: string, value: unknown) => {
      sets.push(sql);
      params.push(value);
    };
    if (patch.url !== undefined) set('url = ?', patch.url);
    if (patch.events !== undefined) set('events = ?::text[]', eventsColumn(patch.events));
    if (patch.description !== undefined) set('description = ?', patch.description);
    if (patch.enabled === true) sets.push('enabled = true, failing_since = null, disabled_reason = null, disabled_at = null');
    if (patch.enabled === false) sets.push(`enabled = false, disabled_reason = 'by_tenant', disabled_at = now()`);
    const rows = await em.execute<Row[]>(
      `update webhook_endpoints set ${[...sets, 'updated_at = now()'].join(', ')} where id = ? and tenant_id = ? returning ${ENDPOINT_COLUMNS}`,
      [...params, id, tenantId],
    );
    if (!rows[0]) throw notFound();
    await this.deps.changed(tenantId);
    return endpointView(rows[0]);
  }

  async remove(em: EntityManager, tenantId: string, id: string): Promise<void> {
    const rows = await em.execute<Row[]>('delete from webhook_endpoints where id = ? and tenant_id = ? returning id', [id, tenantId]);
    if (!rows[0]) throw notFound();
    await this.deps.changed(tenantId);
  }

  /** A new secret, returned once; the current one keeps signing (alongside) for `graceSeconds`. */
  async rotateSecret(em: EntityManager, tenantId: string, id: string, graceSeconds = DEFAULT_ROTATION_GRACE_SECONDS) {
    const secret = newSecret();
    const rows = await em.execute<Row[]>(
      `update webhook_endpoints
       set previous_secret_enc = case when ? > 0 then secret_enc end,
           previous_secret_expires_at = case when ? > 0 then now() + make_interval(secs => ?) end,
           secret_enc = ?, updated_at = now()
       where id = ? and tenant_id = ? returning ${ENDPOINT_COLUMNS}`,
      [graceSeconds, graceSeconds, graceSeconds, this.deps.vault.encrypt(secret), id, tenantId],
    );
    if (!rows[0]) throw notFound();
    return { ...endpointView(rows[0]), secret };
  }

  async deliveries(em: EntityManager, tenantId: string, id: string, q: { page: number; pageSize: number; status?: DeliveryView['status'] }) {
    await this.get(em, tenantId, id);
    const filter = q.status ? 'and d.status = ?' : '';
    const params = q.status ? [id, tenantId, q.status] : [id, tenantId];
    const rows = await em.execute<Row[]>(
      `select d.*, e.type from webhook_deliveries d join webhook_events e on e.id = d.event_id
       where d.endpoint_id = ? and d.tenant_id = ? ${filter} order by d.created_at desc, d.id limit ? offset ?`,
      [...params, q.pageSize, (q.page - 1) * q.pageSize],
    );
    const [total] = await em.execute<Row[]>(`select count(*)::int as n from webhook_deliveries d where d.endpoint_id = ? and d.tenant_id = ? ${filter}`, params);
    return { items: rows.map(deliveryView), page: q.page, pageSize: q.pageSize, total: Number(total?.n ?? 0) };
  }

  /** Sends the same event (same webhook-id) again with a fresh retry schedule, whatever its state. */
  async redeliver(em: EntityManager, tenantId: string, id: string, deliveryId: string): Promise<DeliveryView> {
    const endpoint = await this.get(em, tenantId, id);
    if (!endpoint.enabled) {
      throw new AppError('VALIDATION_FAILED', 'The endpoint is disabled; enable it first', { details: [{ path: 'params.id', message: 'endpoint disabled' }] });
    }
    const rows = await em.execute<Row[]>(
      `update webhook_deliveries d set status = 'pending', round = round + 1, attempts = 0, next_attempt_at = now(), last_error = null
       from webhook_events e where e.id = d.event_id and d.id = ? and d.endpoint_id = ? and d.tenant_id = ?
       returning d.*, e.type`,
      [deliveryId, id, tenantId],
    );
    if (!rows[0]) throw new AppError('NOT_FOUND', 'Delivery not found');
    await this.deps.enqueue(deliveryId, Number(rows[0].round));
    return deliveryView(rows[0]);
  }
}
