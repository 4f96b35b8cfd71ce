import type { Services } from '../shared/domain/services';
import type { JobHandler } from './job-handler';
import { pingHandler } from './jobs/ping.job';
import { platformWriteHandler } from './jobs/platform-write.job';
import { importAccountHandler } from './jobs/import-account.job';
import { reportHandler } from './jobs/report.job';
import { ReportJobRunner } from '../shared/domain/reports/report-jobs';
import { ReportService, REPORT_CONCURRENCY } from '../shared/domain/reports/report.service';
import { jobsHousekeepingHandler } from './jobs/jobs-housekeeping.job';
import { refreshTokensHandler } from './jobs/refresh-tokens.job';
import { reencryptSecretsHandler } from './jobs/reencrypt-secrets.job';
import { platformVersionNoticesHandler } from './jobs/platform-version-notices.job';
import { webhookDeliverHandler, webhookDispatchHandler, webhookSweepHandler } from './jobs/webhooks.job';

/**
 * Every job handler, each built with just what it uses; each area appends its own. One BullMQ Worker
 * per queue dispatches by job name.
 */
export function jobHandlers(services: Services): JobHandler[] {
  const { orm, config, metrics } = services.infra;
  const pipeline = { store: services.jobs.store, orm, callerFor: services.callerFor };
  const { deliveries } = services.webhooks;
  return [
    pingHandler,
    platformWriteHandler({ ...pipeline, config, creates: services.jobs.creates, writeOperations: services.jobs.writeOperations }),
    importAccountHandler(pipeline),
    reportHandler({ store: services.jobs.store, runner: reportRunner(services) }),
    jobsHousekeepingHandler({ orm }),
    refreshTokensHandler({
      platformAuth: services.platformAuth,
      platforms: services.platforms,
      vault: services.vault,
      tenantApps: services.tenantApps,
      leewayMs: config.TOKEN_REFRESH_LEEWAY_SECONDS * 1000,
      onExtend: (platform) => metrics?.tokenRefreshes.inc({ platform, outcome: 'extended' }),
    }),
    reencryptSecretsHandler({ orm, vault: services.vault, platformAuth: services.platformAuth }),
    platformVersionNoticesHandler(services),
    webhookDispatchHandler(deliveries),
    webhookDeliverHandler(deliveries),
    webhookSweepHandler(deliveries),
  ];
}

/** The report job's runner: the same report service the api uses, with the worker's guard and caller. */
function reportRunner(services: Services): ReportJobRunner {
  const { orm, logger } = services.infra;
  const reports = new ReportService({ orm, guard: services.guard, callerFor: services.callerFor, logger: logger.child({ component: 'reports' }), concurrency: REPORT_CONCURRENCY });
  return new ReportJobRunner({ orm, reports });
}
