import { DelayedError } from 'bullmq';
import { webhookDeliverJob, webhookDispatchJob, webhookSweepJob } from '../../shared/queues/webhook-jobs';
import type { WebhookDeliveryService } from '../../shared/domain/webhooks/delivery.service';
import { defineHandler, type JobHandler } from '../job-handler';

type Deliveries = Pick<WebhookDeliveryService, 'dispatch' | 'attempt' | 'sweep'>;

export const webhookDispatchHandler = (deliveries: Deliveries): JobHandler =>
  defineHandler({
    job: webhookDispatchJob,
    handle: async (_ctx, { eventId }) => ({ pending: await deliveries.dispatch(eventId) }),
  });

/** A failed attempt moves this same job to delayed, so its id (and the webhook-id) never changes. */
export const webhookDeliverHandler = (deliveries: Deliveries): JobHandler =>
  defineHandler({
    job: webhookDeliverJob,
    handle: async ({ job, token, log }, { deliveryId, round }) => {
      const r = await deliveries.attempt(deliveryId, round);
      if (r.outcome === 'retry' && token) {
        log.info({ deliveryId, delayMs: r.delayMs }, 'webhook attempt failed; retrying later');
        await job.moveToDelayed(Date.now() + r.delayMs, token);
        throw new DelayedError();
      }
      return r;
    },
  });

export const webhookSweepHandler = (deliveries: Deliveries): JobHandler =>
  defineHandler({
    job: webhookSweepJob,
    handle: async () => deliveries.sweep(),
  });
