import type { InfraDeps } from '../shared/infra/infra-deps';
import { reencryptSecretsJob, refreshTokensJob } from '../shared/queues/jobs';

/**
 * Repeatable jobs, kept scheduled by every worker process (idempotent per scheduler id). Tests run
 * the jobs directly, so nothing is scheduled under NODE_ENV=test.
 */
export function scheduleRepeatableJobs(infra: InfraDeps): void {
  const { config, logger } = infra;
  if (config.NODE_ENV === 'test') return;
  const every = [
    { id: 'refresh-tokens', seconds: config.TOKEN_MAINTENANCE_EVERY_SECONDS, job: refreshTokensJob, what: 'token maintenance' },
    { id: 'reencrypt-secrets', seconds: config.SECRETS_REENCRYPT_EVERY_SECONDS, job: reencryptSecretsJob, what: 'secret re-encryption' },
  ];
  for (const s of every) {
    if (s.seconds <= 0) continue;
    infra.queues
      .queue('maintenance')
      .upsertJobScheduler(s.id, { every: s.seconds * 1000 }, { name: s.job.name, data: {} })
      .catch((err: unknown) => logger.warn({ err }, `could not schedule ${s.what}`));
  }
}
