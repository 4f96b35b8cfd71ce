import type { InfraDeps } from '../infra/infra-deps';
import { createIdentityServices, type IdentityServices } from './identity/identity-services';
import { JobsService } from './jobs/jobs.service';
import { createConnectionServices, type ConnectionServices } from './connections/connection-services';
import { DeletionService } from './identity/deletion.service';
import { createWebhookServices, type WebhookServices } from './webhooks/webhook-services';
import { createConnectServices, type ConnectServices } from './connect/connect-services';

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
}

export function createServices(infra: InfraDeps): Services {
  const identity = createIdentityServices(infra);
  const connections = createConnectionServices(infra, identity);
  const webhooks = createWebhookServices(infra, identity, connections.guard.cache);
  identity.tenantApps.useChannel(connections.guard.cache, infra.config.GUARD_CACHE_TTL_MS);
  const services: Services = {
    infra,
    ...identity,
    ...connections,
    jobs: new JobsService(infra, webhooks.subscriptions),
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
  };
  return services;
}
