import { z } from 'zod';
import { parseClusterNodes } from './redis';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);
const url = (def: string) => z.string().url().default(def);
const clusterNodesValid = (v: string) => {
  try {
    return parseClusterNodes(v).cluster.every((n) => n.host && Number.isInteger(n.port) && n.port > 0);
  } catch {
    return false;
  }
};

/**
 * The environment variables of the service itself; README.md documents each one. Each platform
 * declares its own in its folder (`shared/platforms/<platform>/config.ts`, the module's `config`),
 * validated at startup with these (loadServiceConfig in shared/platforms/index.ts).
 */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    HOST: z.string().default('0.0.0.0'),
    PORT: int(3000),
    PUBLIC_URL: z.string().url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: url('postgres://postgres@127.0.0.1:5432/ads_gateway'),
    DB_POOL_MAX: int(10, 1),
    /**
     * Send the job path's statements as named prepared statements (parsed once per connection).
     * Unset: on, unless DATABASE_URL carries `pgbouncer=true`. Off behind a transaction-mode pooler
     * that cannot carry them (PgBouncer before 1.21, or without `max_prepared_statements`).
     */
    DB_PREPARED_STATEMENTS: bool.optional(),
    /** Direct PostgreSQL URL for migrations (their advisory lock needs a session); unset: DATABASE_URL. */
    MIGRATE_DATABASE_URL: z.string().url().optional(),
    REDIS_URL: url('redis://127.0.0.1:6379'),
    /**
     * Set: every Redis client is a Redis Cluster client seeded with these nodes (`host:port` or
     * `redis://[user:password@]host:port`, comma separated) and REDIS_URL is not used.
     */
    REDIS_CLUSTER_NODES: z
      .string()
      .optional()
      .refine((v) => !v || clusterNodesValid(v), 'a comma-separated list of host:port or redis://host:port'),
    REDIS_PREFIX: z.string().regex(/^[a-zA-Z0-9:_-]+$/).default('aag'),
    BODY_LIMIT_BYTES: int(1024 * 1024, 1024),
    // The largest platform answer the passthrough proxy reads (docs/proxy.md): past it the read is aborted, 502.
    PROXY_MAX_RESPONSE_BYTES: int(8 * 1024 * 1024, 1024),
    SHUTDOWN_TIMEOUT_MS: int(10_000, 100),
    JWT_SECRET: z.string().min(32).optional(),
    ENCRYPTION_KEYS: z.string().optional(),
    ACCESS_TOKEN_TTL_SECONDS: int(15 * 60, 1),
    REFRESH_TOKEN_TTL_SECONDS: int(30 * 24 * 3600, 1),
    TENANT_TOKEN_TTL_SECONDS: int(60 * 60, 1),
    API_KEY_GRACE_SECONDS: int(24 * 3600, 0),
    API_KEY_CACHE_TTL_MS: int(10_000, 0),
    RATE_LIMIT_PER_MINUTE: int(600, 1),
    /** Per client IP: requests to unauthenticated routes; credential attempts and 401s; failed logins per email. */
    PUBLIC_IP_LIMIT_PER_MINUTE: int(300, 1),
    CREDENTIAL_IP_LIMIT_PER_MINUTE: int(20, 1),
    LOGIN_EMAIL_MAX_FAILURES: int(5, 1),
    LOGIN_EMAIL_WINDOW_SECONDS: int(900, 1),
    WRITE_SYNC_TIMEOUT_MS: int(20_000, 0),
    /** Longest a request waits to put its job on the queue (Redis down or unreachable); then 503. */
    ENQUEUE_TIMEOUT_MS: int(2_500, 100),
    WORKER_CONCURRENCY: int(10, 1),
    /** platform-writes are I/O-bound waits on the platform: many per process is cheap. */
    WRITE_WORKER_CONCURRENCY: int(50, 1),
    /** Each import streams a whole account: a few per process keeps memory bounded. */
    IMPORT_WORKER_CONCURRENCY: int(2, 1),
    /** A report whose size (accounts × days × level weight, docs/reports.md) is above this runs as a job. */
    REPORT_JOB_SIZE: int(20_000, 1),
    /**
     * Most platform-writes one tenant may run at once in one worker process while other work waits
     * (the rest of its writes are put back for a moment); with nothing else waiting it may use every slot.
     */
    TENANT_MAX_ACTIVE_WRITES: int(10, 1),
    JOB_LOCK_MS: int(30_000, 1000),
    JOB_STALLED_INTERVAL_MS: int(15_000, 500),
    GUARD_CACHE_TTL_MS: int(30_000, 0),
    TOKEN_CACHE_TTL_MS: int(30_000, 0),
    HTTP_CONNECT_TIMEOUT_MS: int(5_000, 1),
    HTTP_RESPONSE_TIMEOUT_MS: int(30_000, 1),
    HTTP_MAX_RETRIES: int(3, 0),
    /**
     * How far a platform's clock (and its created times, often whole seconds) may be behind ours: a
     * crash lookup takes objects made from this long before the step's first send.
     */
    CREATE_LOOKUP_CLOCK_SKEW_MS: int(2_000, 0),
    READ_LIMIT_DEADLINE_MS: int(5_000, 0),
    /** Total time one platform read may take across retries and limiter waits; then 504 PLATFORM_TIMEOUT. */
    READ_DEADLINE_MS: int(30_000, 100),
    SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
    MAIL_FROM: z.string().default('Ads Gateway <no-reply@ads-gateway.local>'),
    ADMIN_TOKEN: z.string().min(16).optional(),
    METRICS_ENABLED: bool.default('true'),
    /** Start even when a platform's configured API version is unsupported or past its sunset (tests, emergencies); see docs/platforms/<platform>.md, Versions. */
    ALLOW_RETIRED_PLATFORM_VERSIONS: bool.default('false'),
    /**
     * Share of every outbound budget left unused: N calls per 1000 / (1 − headroom) ms, for what happens after a grant.
     * The budgets themselves (calls per second per ad account and per app) are each platform's own settings.
     */
    OUTBOUND_RATE_HEADROOM: z.coerce.number().min(0).max(0.5).default(0.05),
    /**
     * Longest a job's platform write waits for its account or app budget inside its worker slot; a
     * longer wait gets a reservation and the job is put back on the queue until then (no attempt used).
     */
    WRITE_SLOT_WAIT_MS: int(250, 0),
    /** How long a write's reservation is kept past its time for a job that has not come back (then dropped). */
    WRITE_RESERVATION_GRACE_MS: int(60_000, 1000),
    /** Refresh access tokens this long before they expire. */
    TOKEN_REFRESH_LEEWAY_SECONDS: int(300, 0),
    /** How often the token maintenance job runs (0 = never scheduled). */
    TOKEN_MAINTENANCE_EVERY_SECONDS: int(3600, 0),
    /** How often workers rewrite secrets still under an older ENCRYPTION_KEYS key (0 = never scheduled). */
    SECRETS_REENCRYPT_EVERY_SECONDS: int(86400, 0),
    /** Apply pending migrations (and create a missing local database outside production) at start-up. */
    MIGRATE_ON_START: bool.optional(),
    /** Webhook targets exempt from the https and public-address rules (comma list of host names or IPs). */
    WEBHOOK_ALLOWED_HOSTS: z.string().default(''),
    /** How long a replica trusts which events a tenant's webhook endpoints take (changes reach every replica at once). */
    WEBHOOK_ENDPOINT_CACHE_TTL_MS: int(30_000, 0),
    /** Give-up time of one webhook delivery attempt. */
    WEBHOOK_TIMEOUT_MS: int(10_000, 100),
    /** Worker processes serve /healthz, /readyz and /metrics here (0 = any free port). */
    WORKER_HTTP_PORT: int(9464, 0),
    /** Bearer token for /metrics on the public api port; unset, the api does not serve /metrics. */
    METRICS_TOKEN: z.string().min(16).optional(),
    /** How often a worker re-enqueues Postgres job rows that the queue lost (Redis restart); 0 = only at start. */
    JOB_RECONCILE_EVERY_MS: int(60_000, 0),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production') {
      if (!c.JWT_SECRET) ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'required in production' });
      if (!c.ENCRYPTION_KEYS)
        ctx.addIssue({ code: 'custom', path: ['ENCRYPTION_KEYS'], message: 'required in production' });
    }
    if (c.ENCRYPTION_KEYS) {
      for (const entry of c.ENCRYPTION_KEYS.split(',')) {
        const [kid, key] = entry.split(':');
        if (!kid || !key || Buffer.from(key, 'base64').length !== 32)
          ctx.addIssue({
            code: 'custom',
            path: ['ENCRYPTION_KEYS'],
            message: 'each entry must be <keyId>:<base64 of 32 bytes>, newest first',
          });
      }
    }
  });

export type RawConfig = z.infer<typeof configSchema>;
export type Config = RawConfig & {
  JWT_SECRET: string;
  ENCRYPTION_KEYS: string;
  PUBLIC_URL: string;
  /**
   * The environment the config was read from. Platform modules declare their own variables and
   * read them from here (each its config slice, validated in shared/platforms/index.ts and read
   * with the platform's own accessor), so infra lists no platform's settings.
   */
  env?: Readonly<Record<string, string | undefined>>;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// Development-only fallbacks so `npm start` works on a fresh machine; production refuses them above.
const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me-0123456789abcdef';
const DEV_ENCRYPTION_KEYS = `dev1:${Buffer.alloc(32, 7).toString('base64')}`;

/** Parses the environment once. Throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(configSchema._def.schema.shape)) {
    const v = env[key];
    if (v !== undefined && v !== '') input[key] = v;
  }
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  const c = parsed.data;
  return {
    ...c,
    JWT_SECRET: c.JWT_SECRET ?? DEV_JWT_SECRET,
    ENCRYPTION_KEYS: c.ENCRYPTION_KEYS ?? DEV_ENCRYPTION_KEYS,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://127.0.0.1:${c.PORT}`,
    env: { ...env },
  };
}
