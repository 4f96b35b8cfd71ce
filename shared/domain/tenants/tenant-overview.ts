import type { EntityManager } from '@mikro-orm/postgresql';

export interface TenantOverview {
  /** Connections per platform and status (active, expired = re-consent needed, error, revoked). */
  connections: { platform: string; status: string; count: number }[];
  /** Jobs created in the last 24 hours, per state. */
  jobs: { state: string; count: number }[];
  /** Webhook deliveries created in the last 24 hours, per status (failed = gave up). */
  deliveries: { status: string; count: number }[];
  /** Jobs of the last 24 hours that a platform's rate limit stopped, per platform. */
  throttled: { platform: string; count: number }[];
}

const counted = <T extends { count: string | number }>(rows: T[]) => rows.map((r) => ({ ...r, count: Number(r.count) }));

/** The numbers of the console's first page, every one scoped to the tenant. */
export async function tenantOverview(em: EntityManager, tenantId: string): Promise<TenantOverview> {
  const db = em.getConnection();
  const [connections, jobs, deliveries, throttled] = await Promise.all([
    db.execute<{ platform: string; status: string; count: string }[]>(
      'select platform, status, count(*) as count from connections where tenant_id = ? group by platform, status order by platform, status',
      [tenantId],
    ),
    db.execute<{ state: string; count: string }[]>(
      `select state, count(*) as count from jobs where tenant_id = ? and created_at > now() - interval '24 hours' group by state`,
      [tenantId],
    ),
    db.execute<{ status: string; count: string }[]>(
      `select status, count(*) as count from webhook_deliveries where tenant_id = ? and created_at > now() - interval '24 hours' group by status`,
      [tenantId],
    ),
    db.execute<{ platform: string; count: string }[]>(
      `select platform, count(*) as count from jobs where tenant_id = ? and created_at > now() - interval '24 hours'
       and state = 'failed' and error->>'code' = 'PLATFORM_RATE_LIMITED' group by platform order by platform`,
      [tenantId],
    ),
  ]);
  return { connections: counted(connections), jobs: counted(jobs), deliveries: counted(deliveries), throttled: counted(throttled) };
}
