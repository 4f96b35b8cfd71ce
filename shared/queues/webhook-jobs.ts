import { z } from 'zod';
import { defineJob } from './definitions';

/** Fans one committed event out to the tenant's subscribed endpoints (one delivery row each). */
export const webhookDispatchJob = defineJob({
  queue: 'webhooks',
  name: 'webhook-dispatch',
  payload: z.object({ eventId: z.string().min(1).max(64) }).strict(),
  // An event emitted inside a transaction may not be visible yet: retry until it is (the sweeper backs this up).
  defaults: { attempts: 8, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: { age: 3600, count: 10_000 } },
});

/**
 * One attempt of one delivery. Retries are scheduled from the delivery row (moved to delayed, same
 * job), so BullMQ's own attempts only cover crashes of the worker itself.
 */
export const webhookDeliverJob = defineJob({
  queue: 'webhooks',
  name: 'webhook-deliver',
  payload: z.object({ deliveryId: z.string().uuid(), round: z.number().int().min(0) }).strict(),
  defaults: { attempts: 3, backoff: { type: 'exponential', delay: 5000 }, removeOnComplete: { age: 3600, count: 10_000 } },
});

/** Every minute: re-queues events and deliveries whose queue job was lost, and purges old events. */
export const webhookSweepJob = defineJob({
  queue: 'webhooks',
  name: 'webhook-sweep',
  payload: z.object({}).strict(),
  defaults: { attempts: 1, removeOnComplete: { count: 10 }, removeOnFail: { count: 10 } },
});
