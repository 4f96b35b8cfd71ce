import { z } from 'zod';
import { defineJob } from './definitions';

/** Diagnostic round trip through a real worker (used by readiness checks in tests and by operators). */
export const pingJob = defineJob({
  queue: 'maintenance',
  name: 'ping',
  payload: z.object({ echo: z.string().max(200) }).strict(),
  defaults: { attempts: 1, removeOnComplete: { age: 3600 } },
});

/** Token maintenance: refresh soon-expiring tokens, re-extend Meta tokens, mark dead connections. */
export const refreshTokensJob = defineJob({
  queue: 'maintenance',
  name: 'refresh-tokens',
  payload: z.object({ limit: z.number().int().min(1).max(10_000).optional() }).strict(),
  defaults: { attempts: 1, removeOnComplete: { age: 24 * 3600, count: 100 }, removeOnFail: { age: 7 * 24 * 3600 } },
});

/** Key rotation: rewrites tenant app secrets and connection tokens still under an older ENCRYPTION_KEYS key. */
export const reencryptSecretsJob = defineJob({
  queue: 'maintenance',
  name: 'reencrypt-secrets',
  payload: z.object({ batchSize: z.number().int().min(1).max(1000).optional() }).strict(),
  defaults: { attempts: 1, removeOnComplete: { age: 7 * 24 * 3600, count: 100 }, removeOnFail: { age: 7 * 24 * 3600 } },
});

/** Tells tenants that a platform API version in use sunsets within 90, 30 or 7 days (`platform.version_sunsetting`). */
export const platformVersionNoticesJob = defineJob({
  queue: 'maintenance',
  name: 'platform-version-notices',
  payload: z.object({}).strict(),
  defaults: { attempts: 1, removeOnComplete: { age: 24 * 3600, count: 100 }, removeOnFail: { age: 7 * 24 * 3600 } },
});
