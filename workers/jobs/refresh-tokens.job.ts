import { refreshTokensJob } from '../../shared/queues/jobs';
import { runTokenMaintenance } from '../../shared/domain/connections/token-maintenance';
import type { Services } from '../../shared/domain/services';
import { defineHandler, type JobHandler } from '../job-handler';

/** What token maintenance uses: the auth service, the platforms, the key ring and the tenants' apps. */
export type RefreshTokensDeps = Pick<Services, 'platformAuth' | 'platforms' | 'vault' | 'tenantApps'> & {
  leewayMs: number;
  onExtend?: (platform: string) => void;
};

/** Repeatable (TOKEN_MAINTENANCE_EVERY_SECONDS): keeps stored platform tokens alive, marks dead ones. */
export const refreshTokensHandler = (deps: RefreshTokensDeps): JobHandler =>
  defineHandler({
    job: refreshTokensJob,
    handle: async ({ em, log }, payload) => {
      const report = await runTokenMaintenance(
        {
          em,
          auth: deps.platformAuth,
          platforms: deps.platforms,
          vault: deps.vault,
          apps: (e, tenantId, platform) => deps.tenantApps.getDecrypted(e, tenantId, platform),
          logger: log,
          leewayMs: deps.leewayMs,
          onExtend: deps.onExtend,
        },
        payload.limit,
      );
      log.info(report, 'token maintenance done');
      return report;
    },
  });
