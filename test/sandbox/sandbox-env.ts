/**
 * The sandbox's own settings, whatever NODE_ENV says: it always prepares its own database (migrations
 * included) and runs api + worker in one process. Settings it cannot honour are refused up front in
 * one message, instead of failing later (a skipped migration used to surface as a 500 on the demo login).
 */
export const SANDBOX_DEFAULTS = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/ads_gateway_sandbox',
  REDIS_PREFIX: 'aag-sandbox',
} as const;

/** Default ports of the sandbox's own listeners (the simulators' are their `defaultPort`, 4101 on). */
export const SANDBOX_PORTS = { gateway: 3000, webhookReceiver: 4110 } as const;

// Fixed, public sandbox-only secrets: restarts keep decrypting the tokens stored by earlier runs.
const SANDBOX_JWT_SECRET = 'sandbox-only-jwt-secret-not-for-real-use-0123456789';
const SANDBOX_ENCRYPTION_KEYS = `sbx1:${Buffer.alloc(32, 11).toString('base64')}`;

export interface SandboxEnv {
  env: Record<string, string>;
  /** Why the sandbox refuses to start; empty when it can. */
  refusals: string[];
  notes: string[];
}

export function sandboxEnv(input: NodeJS.ProcessEnv, gatewayPort: number): SandboxEnv {
  const refusals: string[] = [];
  const notes: string[] = [];
  const base = `http://127.0.0.1:${gatewayPort}`;
  if (input.MIGRATE_ON_START && !/^(true|1|yes)$/.test(input.MIGRATE_ON_START))
    refusals.push(`MIGRATE_ON_START=${input.MIGRATE_ON_START}: the sandbox always applies its migrations to its own database; unset it.`);
  if (input.ROLE && input.ROLE !== 'all')
    refusals.push(`ROLE=${input.ROLE}: the sandbox runs the api and the worker in one process; unset ROLE.`);
  const env: Record<string, string> = {
    PORT: String(gatewayPort),
    PUBLIC_URL: input.PUBLIC_URL || base,
    DATABASE_URL: input.DATABASE_URL || SANDBOX_DEFAULTS.DATABASE_URL,
    REDIS_PREFIX: input.REDIS_PREFIX || SANDBOX_DEFAULTS.REDIS_PREFIX,
    LOG_LEVEL: input.LOG_LEVEL || 'warn',
    MIGRATE_ON_START: 'true',
  };
  if (input.NODE_ENV === 'production') {
    if (!input.JWT_SECRET) env.JWT_SECRET = SANDBOX_JWT_SECRET;
    if (!input.ENCRYPTION_KEYS) env.ENCRYPTION_KEYS = SANDBOX_ENCRYPTION_KEYS;
    if (!input.JWT_SECRET || !input.ENCRYPTION_KEYS) notes.push('NODE_ENV=production: using the sandbox-only JWT_SECRET/ENCRYPTION_KEYS (never use these for real data).');
  }
  return { env, refusals, notes };
}
