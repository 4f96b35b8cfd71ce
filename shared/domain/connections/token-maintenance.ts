import type { EntityManager } from '@mikro-orm/postgresql';
import { isAppError } from '../../errors/app-error';
import type { Logger } from '../../infra/logger';
import type { Vault } from '../../infra/crypto';
import { Connection } from '../../persistence/entities/connection.entity';
import type { PlatformRegistry } from '../../platforms/core/registry';
import type { AppLookup, PlatformAuthService } from './platform-auth.service';

export interface MaintenanceReport {
  refreshed: number;
  extended: number;
  checked: number;
  markedInvalid: number;
  failed: number;
}

/** TikTok tokens never expire on a timer; a revoked one is only found by asking (once a day). */
const PROBE_EVERY_MS = 24 * 3600_000;

/**
 * The repeatable maintenance pass: refreshes access tokens that expire soon (Google), re-extends
 * Meta long-lived tokens before their ~60 days run out, probes timer-less tokens, and marks
 * connections expired or revoked when the platform says so.
 */
export async function runTokenMaintenance(
  deps: {
    em: EntityManager; auth: PlatformAuthService; platforms: PlatformRegistry; vault: Vault; apps: AppLookup; logger: Logger; leewayMs: number;
    /** Extend tokens with less than this left; default: the longest window an adapter that extends declares (`oauth.extendWithinMs`, its platform's setting). */
    extendWithinMs?: number;
    onExtend?: (platform: string) => void;
  },
  limit = 500,
): Promise<MaintenanceReport> {
  const report: MaintenanceReport = { refreshed: 0, extended: 0, checked: 0, markedInvalid: 0, failed: 0 };
  const now = Date.now();
  const soon = new Date(now + Math.max(deps.leewayMs * 2, 15 * 60_000));
  const windows = deps.platforms.all().map((a) => (a.oauth.extend && a.oauth.extendWithinMs) || 0);
  const extendWithinMs = deps.extendWithinMs ?? Math.max(0, ...windows);
  const extendBefore = new Date(now + extendWithinMs);
  const probeBefore = new Date(now - PROBE_EVERY_MS);
  const due = await deps.em.find(
    Connection,
    {
      status: 'active',
      $or: [
        { refreshTokenEnc: { $ne: null }, expiresAt: { $lte: soon } },
        { refreshTokenEnc: null, expiresAt: { $ne: null, $lte: extendBefore } },
        { expiresAt: null, $or: [{ lastCheckedAt: null }, { lastCheckedAt: { $lte: probeBefore } }] },
      ],
    },
    { limit, orderBy: { expiresAt: 'asc' } },
  );
  for (const c of due) {
    const adapter = deps.platforms.get(c.platform);
    try {
      if (c.refreshTokenEnc && adapter.oauth.refresh) {
        await deps.auth.accessTokenFor(undefined, c.id, { fresh: true });
        report.refreshed++;
      } else if (c.expiresAt && adapter.oauth.extend) {
        if (c.expiresAt.getTime() <= now) {
          await deps.auth.markInvalid(c.id, 'expired');
          report.markedInvalid++;
          continue;
        }
        const app = await deps.auth.appFor(c);
        const grant = await adapter.oauth.extend(app, deps.vault.decrypt(c.accessTokenEnc!));
        c.accessTokenEnc = deps.vault.encrypt(grant.accessToken);
        c.expiresAt = grant.expiresAt;
        c.lastRefreshedAt = new Date();
        c.lastCheckedAt = new Date();
        await deps.em.flush();
        report.extended++;
        deps.onExtend?.(c.platform);
      } else if (!c.expiresAt) {
        // A cheap authenticated call: the client marks the connection if the platform refuses the token.
        const app = await deps.auth.appFor(c);
        await adapter.operations.discoverAccounts({ app, token: await deps.auth.tokenSource(c.id) });
        c.lastCheckedAt = new Date();
        await deps.em.flush();
        report.checked++;
      }
    } catch (err) {
      const fresh = await deps.em.findOne(Connection, { id: c.id }, { refresh: true });
      if (fresh && fresh.status !== 'active') report.markedInvalid++;
      else report.failed++;
      deps.logger.warn({ connectionId: c.id, platform: c.platform, code: isAppError(err) ? err.code : undefined, err: (err as Error).message }, 'token maintenance failed for a connection');
    }
  }
  return report;
}
