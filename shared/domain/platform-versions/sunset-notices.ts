import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { RedisClient } from '../../infra/redis';
import type { Logger } from '../../infra/logger';
import { emitEvent } from '../webhooks/events';
import { SUBSCRIBED_ENDPOINT } from '../webhooks/delivery.service';
import type { PlatformVersions, PlatformVersionView } from './platform-versions';

/** Days before a sunset at which tenants are told, each once per tenant, platform and version. */
const SUNSET_NOTICE_DAYS = [90, 30, 7] as const;

export interface SunsetNoticeDeps {
  orm: MikroORM;
  redis: RedisClient;
  prefix: string;
  logger: Logger;
}

/** What a sweep sent: one entry per tenant told. */
export interface SunsetNoticeReport {
  sent: { tenantId: string; platform: string; version: string; threshold: number }[];
}

/** The notice due for a version: the nearest threshold already reached (a sweep that missed 90 sends only the 30). */
function dueThreshold(daysLeft: number | null): number | undefined {
  if (daysLeft === null || daysLeft <= 0) return undefined;
  const reached = SUNSET_NOTICE_DAYS.filter((t) => daysLeft <= t);
  return reached.length ? Math.min(...reached) : undefined;
}

/**
 * Sends `platform.version_sunsetting` to every tenant that has a connection on the platform and an
 * enabled endpoint taking the event, once per (tenant, platform, version, threshold): a Redis
 * `SET NX` key claims the notice before the event is written, and is given back if the write fails,
 * so a second worker or a rerun after a restart sends nothing twice. Run by the housekeeping job.
 */
export async function sendSunsetNotices(deps: SunsetNoticeDeps, versions: PlatformVersions): Promise<SunsetNoticeReport> {
  const report: SunsetNoticeReport = { sent: [] };
  for (const view of versions.list()) {
    const threshold = dueThreshold(view.daysLeft);
    if (threshold === undefined) continue;
    const em = deps.orm.em.fork() as EntityManager;
    for (const tenantId of await listeningTenants(em, view.platform)) {
      const key = `${deps.prefix}:version-sunset:${tenantId}:${view.platform}:${view.version}:${threshold}`;
      // Kept past the sunset plus a margin; by then the version is gone and so is any reason to tell.
      const claimed = await deps.redis.set(key, '1', 'EX', (view.daysLeft! + 400) * 86_400, 'NX');
      if (claimed !== 'OK') continue;
      try {
        emitEvent(em, tenantId, 'platform.version_sunsetting', sunsetEventData(view, threshold));
        await em.flush();
      } catch (err) {
        await deps.redis.del(key);
        throw err;
      }
      report.sent.push({ tenantId, platform: view.platform, version: view.version, threshold });
    }
  }
  if (report.sent.length) deps.logger.info({ sent: report.sent.length }, 'platform version sunset notices sent');
  return report;
}

async function listeningTenants(em: EntityManager, platform: string): Promise<string[]> {
  const rows = await em.execute<{ tenant_id: string }[]>(
    `select distinct e.tenant_id from webhook_endpoints e
      where ${SUBSCRIBED_ENDPOINT}
        and exists (select 1 from connections c where c.tenant_id = e.tenant_id and c.platform = ?)`,
    ['platform.version_sunsetting', platform],
  );
  return rows.map((r) => r.tenant_id);
}

/** The event's `data` (docs/webhooks.md): the version in use, its sunset and the threshold crossed. */
function sunsetEventData(view: PlatformVersionView, threshold: number) {
  return {
    platform: view.platform,
    displayName: view.displayName,
    version: view.version,
    configVariable: view.configVariable,
    sunset: view.sunset,
    daysLeft: view.daysLeft,
    threshold,
    source: view.sources?.sunset ?? null,
  };
}
