import { DelayedError } from 'bullmq';
import { webhookDeliverJob, webhookDispatchJob, webhookSweepJob } from '../../shared/queues/webhook-jobs';
import { defineHandler } from '../job-handler';

export const webhookDispatchHandler = defineHandler({
  job: webhookDispatchJob,
  handle: async ({ services }, { eventId }) => ({ pending: await services.webhooks.deliveries.dispatch(eventId) }),
});

/** A failed attempt moves this same job to delayed, so its id (and the webhook-id) never changes. */
export const webhookDeliverHandler = defineHandler({
  job: webhookDeliverJob,
  handle: async ({ services, job, token, log }, { deliveryId, round }) => {
    const r = await services.webhooks.deliveries.attempt(deliveryId, round);
    if (r.outcome === 'retry' && token) {
      log.info({ deliveryId, delayMs: r.delayMs }, 'webhook attempt failed; retrying later');
      await job.moveToDelayed(Date.now() + r.delayMs, token);
      throw new DelayedError();
    }
    return r;
  },
});

export const webhookSweepHandler = defineHandler({
  job: webhookSweepJob,
  handle: async ({ services }) => services.webhooks.deliveries.sweep(),
});
