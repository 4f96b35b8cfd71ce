import type { JobView } from '../../shared/domain/jobs/job-view';
import { platformName } from './frame';

/** What a job's error code means to the team, and what to do about it. */
const WORDS: Record<string, string> = {
  CONNECTION_REAUTH_REQUIRED: 'The end user’s sign-in to the platform no longer works. They must connect their account again.',
  CONNECTION_SCOPE_MISSING: 'The end user did not grant the permission this needs. They must connect again and allow it.',
  AD_ACCOUNT_NOT_OWNED: 'The ad account belongs to another end user of your team.',
  AD_ACCOUNT_NOT_VALIDATED: 'The ad account was not activated for this end user.',
  AD_ACCOUNT_NOT_FOUND: 'The ad account is unknown to the gateway.',
  PLATFORM_REJECTED: 'The platform refused the request; its own reason is below.',
  PLATFORM_RATE_LIMITED: 'The platform’s rate limit stopped the job after the gateway had waited as long as it may. Retry later.',
  PLATFORM_UNAVAILABLE: 'The platform did not answer properly. Retry later.',
  PLATFORM_TIMEOUT: 'The platform took too long to answer. Retry later.',
  PLATFORM_APP_NOT_CONFIGURED: 'Your team has no app configured for this platform.',
  PLATFORM_VERSION_RETIRED: 'The platform no longer serves the API version the gateway uses; the operator must raise it.',
  CREATE_UNCONFIRMED: 'An earlier attempt may already have created the object and the gateway could not tell which one; nothing more was created. Check the platform before retrying.',
  GUARDRAIL_EXCEEDED: 'The change would break one of your team’s guardrails, so it was not made.',
  VALIDATION_FAILED: 'The request was not valid.',
  INTERNAL: 'The gateway failed. Give the request reference below to support.',
};

export function errorInWords(job: JobView): string | undefined {
  if (!job.error) return undefined;
  return WORDS[job.error.code] ?? `The job failed on ${platformName(job.platform)}.`;
}
