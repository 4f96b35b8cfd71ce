import type { FlushEventArgs } from '@mikro-orm/core';
import { ChangeSetType } from '@mikro-orm/core';
import type { InfraDeps } from '../../infra/infra-deps';
import type { Vault } from '../../infra/crypto';
import type { Mailer } from '../../infra/mailer';
import { WebhookEvent } from '../../persistence/entities/webhook-event.entity';
import { TargetPolicy } from '../../infra/outbound-target';
import { WebhookEndpointService } from './endpoints.service';
import { WebhookDeliveryService } from './delivery.service';
import { EventSubscriptions } from './subscriptions';
import type { GuardCache } from '../ad-accounts/guard-cache';

export interface WebhookServices {
  policy: TargetPolicy;
  endpoints: WebhookEndpointService;
  deliveries: WebhookDeliveryService;
  subscriptions: EventSubscriptions;
  /** Hooks event dispatch onto every flush of the ORM (once; building the services hooks nothing). */
  start(): void;
}

/** `channel`: the guard cache, whose Redis invalidation channel the subscriptions cache shares. */
export function createWebhookServices(infra: InfraDeps, identity: { vault: Vault; mailer: Mailer }, channel: GuardCache): WebhookServices {
  const { config, logger, orm, queues } = infra;
  const policy = new TargetPolicy(config.WEBHOOK_ALLOWED_HOSTS);
  const deliveries = new WebhookDeliveryService({
    orm,
    queues,
    vault: identity.vault,
    policy,
    mailer: identity.mailer,
    logger: logger.child({ component: 'webhooks' }),
    metrics: infra.metrics,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
  });
  const subscriptions = new EventSubscriptions({ ttlMs: config.WEBHOOK_ENDPOINT_CACHE_TTL_MS, channel });
  const endpoints = new WebhookEndpointService({
    vault: identity.vault,
    policy,
    enqueue: (id, round) => deliveries.enqueue(id, round),
    changed: (tenantId) => subscriptions.changed(tenantId),
  });

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // Whatever code path persisted an event, it is queued once its flush is over. Inside an open
    // transaction the commit is still ahead, so the dispatch job waits a little (and retries if needed).
    // Not awaited: a flush (and the transaction around it) never waits on Redis, which may be down;
    // an event whose dispatch job never made it is queued by the sweeper.
    orm.em.getEventManager().registerSubscriber({
      afterFlush: ({ em, uow }: FlushEventArgs) => {
        const ids = uow
          .getChangeSets()
          .filter((cs) => cs.rootName === WebhookEvent.meta.className && cs.type === ChangeSetType.CREATE)
          .map((cs) => (cs.entity as WebhookEvent).id);
        if (ids.length) void deliveries.dispatchSoon(ids, em.isInTransaction() ? 500 : 0);
      },
    });
  };
  return { policy, endpoints, deliveries, subscriptions, start };
}
