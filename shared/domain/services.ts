import type { InfraDeps } from '../infra/infra-deps';
import { createIdentityServices, type IdentityServices } from './identity/identity-services';
import { JobsService } from './jobs/jobs.service';
import { createConnectionServices, type ConnectionServices } from './connections/connection-services';
import { DeletionService } from './identity/deletion.service';
import { createWebhookServices, type WebhookServices } from './webhooks/webhook-services';
import { createConnectServices, type ConnectServices } from './connect/connect-services';
import { AuditTrail } from './audit/audit-trail';
import { SafeWrites } from './safe-writes/safe-writes.service';
import { ConfirmTokens } from './safe-writes/confirm-token';
import { storedGuardrails } from './safe-writes/tenant-guardrails';
import { TenantSettings } from './jobs/tenant-settings';
import { writeOperationNamed, writeSafetyOf } from '../platforms';
import type { WriteOperationLookup } from './jobs/write-operations';
import { PlatformVersions } from './platform-versions/platform-versions';

/**
 * The composition root of the domain: every use case, built once per process from the infra, and
 * shared by routes and job handlers. Building opens nothing and subscribes to nothing; `start()`
 * does (cache invalidation channels, the limiter's pause channel, the ORM flush hooks), and the
 * process calls it once the graph is built. Schedules belong to the worker role (workers/schedules.ts).
 */
export interface Services extends IdentityServices, ConnectionServices {
  infra: InfraDeps;
  jobs: JobsService;
  deletion: DeletionService;
  webhooks: WebhookServices;
  connect: ConnectServices;
  /** The audit trail of writes (the safe-write layer records its decisions through it). */
  audit: AuditTrail;
  /** Every write goes through it: guardrails, confirmations, dry runs, then the jobs service. */
  safeWrites: SafeWrites;
  /** The platform API versions in use and their sunsets (docs/platforms/<platform>.md, Versions). */
  platformVersions: PlatformVersions;
}

/** What the builder of the graph may choose besides the infra. */
export interface ServicesOptions {
  /** How a job row's write operation is found; default: the platform modules' lists (a test adds its own operations). */
  writeOperations?: WriteOperationLookup;
}

export function createServices(infra: InfraDeps, opts: ServicesOptions = {}): Services {
  const identity = createIdentityServices(infra);
  const connections = createConnectionServices(infra, identity);
  const webhooks = createWebhookServices(infra, identity, connections.guard.cache);
  identity.tenantApps.useChannel(connections.guard.cache, infra.config.GUARD_CACHE_TTL_MS);
  const settings = new TenantSettings(infra.orm, { channel: connections.guard.cache, ttlMs: infra.config.GUARD_CACHE_TTL_MS, guardrails: storedGuardrails(infra.logger) });
  identity.tenants.onSettingsChanged((tenantId) => settings.changed(tenantId));
  const jobs = new JobsService(infra, opts.writeOperations ?? writeOperationNamed, webhooks.subscriptions, settings);
  const audit = new AuditTrail(infra.orm, (platform, raw) => connections.guard.normalize(platform, raw), infra.logger.child({ component: 'audit' }));
  const services: Services = {
    infra,
    ...identity,
    ...connections,
    jobs,
    deletion: new DeletionService({ connections: connections.connections, guard: connections.guard, revocations: identity.revocations, logger: infra.logger }),
    start: () => {
      connections.start();
      webhooks.start();
    },
    close: async () => {
      identity.revocations.close();
      await Promise.all([connections.close(), services.jobs.close()]);
    },
    webhooks,
    connect: createConnectServices(identity, connections),
    platformVersions: new PlatformVersions(infra.config),
    audit,
    safeWrites: new SafeWrites(
      infra.orm,
      {
        config: infra.config,
        logger: infra.logger,
        jobs,
        audit,
        creates: jobs.creates,
        safetyOf: writeSafetyOf,
        guardrails: { of: async (tenantId) => (await settings.of(tenantId)).guardrails },
        currencyOf: (account) => connections.guard.currencyOf(account),
      },
      new ConfirmTokens(infra.config.JWT_SECRET, infra.redis),
    ),
  };
  // Read through the services object at scrape time, so the gauge follows the instance in use.
  infra.metrics?.readVersionDaysWith(() => services.platformVersions.daysLeft());
  return services;
}
