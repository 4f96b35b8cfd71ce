import { refreshTokensJob } from '../../shared/queues/jobs';
import { runTokenMaintenance } from '../../shared/domain/connections/token-maintenance';
import { defineHandler } from '../job-handler';

/** Repeatable (TOKEN_MAINTENANCE_EVERY_SECONDS): keeps stored platform tokens alive, marks dead ones. */
export const refreshTokensHandler = defineHandler({
  job: refreshTokensJob,
  handle: async ({ services, em, log }, payload) => {
    const { config } = services.infra;
    const report = await runTokenMaintenance(
      {
        em,
        auth: services.platformAuth,
        platforms: services.platforms,
        vault: services.vault,
        apps: (e, tenantId, platform) => services.tenantApps.getDecrypted(e, tenantId, platform),
        logger: log,
        leewayMs: config.TOKEN_REFRESH_LEEWAY_SECONDS * 1000,
        onExtend: (platform) => services.infra.metrics?.tokenRefreshes.inc({ platform, outcome: 'extended' }),
      },
      payload.limit,
    );
    log.info(report, 'token maintenance done');
    return report;
  },
});
