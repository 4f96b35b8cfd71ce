import type { JobHandler } from './job-handler';
import { pingHandler } from './jobs/ping.job';
import { platformWriteHandler } from './jobs/platform-write.job';
import { importAccountHandler } from './jobs/import-account.job';
import { jobsHousekeepingHandler } from './jobs/jobs-housekeeping.job';
import { refreshTokensHandler } from './jobs/refresh-tokens.job';
import { reencryptSecretsHandler } from './jobs/reencrypt-secrets.job';
import { webhookDeliverHandler, webhookDispatchHandler, webhookSweepHandler } from './jobs/webhooks.job';

/** Every job handler; each area appends its own. One BullMQ Worker per queue dispatches by job name. */
export const jobHandlers: JobHandler[] = [pingHandler, platformWriteHandler, importAccountHandler, jobsHousekeepingHandler, refreshTokensHandler, reencryptSecretsHandler, webhookDispatchHandler, webhookDeliverHandler, webhookSweepHandler];
