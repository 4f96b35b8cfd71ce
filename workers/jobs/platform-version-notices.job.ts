import type { Services } from '../../shared/domain/services';
import { sendSunsetNotices } from '../../shared/domain/platform-versions/sunset-notices';
import { platformVersionNoticesJob } from '../../shared/queues/jobs';
import { defineHandler, type JobHandler } from '../job-handler';

/** Repeatable (hourly): the `platform.version_sunsetting` notices due today, each sent once per tenant. */
export const platformVersionNoticesHandler = (services: Services): JobHandler =>
  defineHandler({
    job: platformVersionNoticesJob,
    handle: async ({ log }) => {
      const { orm, redis, config } = services.infra;
      // Read at run time: the versions object (and its clock) is the one the services hold now.
      const report = await sendSunsetNotices({ orm, redis, prefix: config.REDIS_PREFIX, logger: log }, services.platformVersions);
      return { sent: report.sent.length };
    },
  });
