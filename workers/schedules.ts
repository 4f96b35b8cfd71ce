import type { InfraDeps } from '../shared/infra/infra-deps';
import { platformVersionNoticesJob, reencryptSecretsJob, refreshTokensJob } from '../shared/queues/jobs';
import { webhookSweepJob } from '../shared/queues/webhook-jobs';

/**
 * Repeatable jobs, kept scheduled by every worker process (idempotent per scheduler id); building the
 * services schedules nothing. Tests run the jobs directly, so nothing is scheduled under NODE_ENV=test.
 */
export function scheduleRepeatableJobs(infra: InfraDeps): void {
  const { config, logger } = infra;
  if (config.NODE_ENV === 'test') return;
  const every = [
    { id: 'refresh-tokens', seconds: config.TOKEN_MAINTENANCE_EVERY_SECONDS, job: refreshTokensJob, what: 'token maintenance' },
    { id: 'reencrypt-secrets', seconds: config.SECRETS_REENCRYPT_EVERY_SECONDS, job: reencryptSecretsJob, what: 'secret re-encryption' },
    // Queues webhook events whose dispatch job never made it to Redis.
    { id: 'webhook-sweep', seconds: 60, job: webhookSweepJob, what: 'the webhook sweeper' },
    // Hourly, so a notice goes out within the hour its day starts; each is sent once (sunset-notices.ts).
    { id: 'platform-version-notices', seconds: 3600, job: platformVersionNoticesJob, what: 'platform version sunset notices' },
  ];
  for (const s of every) {
    if (s.seconds <= 0) continue;
    infra.queues
      .queue(s.job.queue)
      .upsertJobScheduler(s.id, { every: s.seconds * 1000 }, { name: s.job.name, data: {} })
      .catch((err: unknown) => logger.warn({ err }, `could not schedule ${s.what}`));
  }
}
