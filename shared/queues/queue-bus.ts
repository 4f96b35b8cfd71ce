import { Queue, type JobsOptions, type Job } from 'bullmq';
import type { RedisClient } from '../infra/redis';
import { DEFAULT_JOB_OPTIONS, QUEUE_NAMES, type JobDefinition, type JobPayload, type QueueName } from './definitions';

/** Producer side of every queue: validates payloads with the job's schema before they leave the process. */
export class QueueBus {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly connection: RedisClient,
    readonly prefix: string,
    /** On a Redis Cluster: each queue's keys carry a hash tag of their own (`queuePrefix`). */
    private readonly cluster = false,
  ) {
    for (const name of QUEUE_NAMES) {
      const queue = new Queue(name, { connection, prefix: this.prefixFor(name), defaultJobOptions: DEFAULT_JOB_OPTIONS });
      // BullMQ re-emits connection errors on the queue; unheard, an 'error' event crashes the process.
      // The shared connection's own listener (shared/infra/bootstrap.ts) already logs them.
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
  }

  /** The BullMQ prefix of one queue: what its workers and any other reader of its keys must use. */
  prefixFor(name: QueueName): string {
    return queuePrefix(this.prefix, name, this.cluster);
  }

  queue(name: QueueName): Queue {
    const q = this.queues.get(name);
    if (!q) throw new Error(`unknown queue ${name}`);
    return q;
  }

  /**
   * Resolves once the queues' Redis connection is up (at once when it is); rejects after `ms` while
   * it is not, so a request never waits on a connection that retries for ever.
   */
  whenConnected(ms: number): Promise<void> {
    const c = this.connection;
    if (c.status === 'ready') return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        c.off('ready', onReady);
        reject(new Error(`Redis (queues) not connected: timed out after ${ms} ms`));
      }, ms);
      c.once('ready', onReady);
    });
  }

  async enqueue<D extends JobDefinition>(def: D, payload: JobPayload<D>, opts: JobsOptions = {}): Promise<Job> {
    const data = def.payload.parse(payload) as unknown;
    return this.queue(def.queue).add(def.name, data, { ...def.defaults, ...opts });
  }

  async close(): Promise<void> {
    const queues = [...this.queues.values()];
    // BullMQ 5 closing a queue on a shared connection while its start-up version check is in flight
    // removes the queue's error listeners, then the check fails as the connection quits and its
    // error is emitted with nobody listening (an uncaught exception). Let a starting queue finish
    // starting (bounded, for a Redis that is down), and keep listening after close.
    let bound: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(queues.map((q) => q.waitUntilReady().catch(() => undefined))),
      new Promise((r) => (bound = setTimeout(r, 2000))),
    ]);
    clearTimeout(bound);
    await Promise.all(queues.map((q) => q.close().catch(() => undefined)));
    for (const q of queues) (q as unknown as { connection?: NodeJS.EventEmitter }).connection?.on('error', () => undefined);
  }
}

export const bullPrefix = (redisPrefix: string) => `${redisPrefix}:bull`;

/**
 * BullMQ's scripts touch many keys of one queue at once, which a Redis Cluster allows only within
 * one hash slot: on a cluster the queue's name, in braces, ends the prefix, so all of a queue's
 * keys share a slot and different queues spread over the masters. One node keeps the plain prefix.
 */
export const queuePrefix = (prefix: string, queue: QueueName, cluster: boolean) => (cluster ? `${prefix}:{${queue}}` : prefix);
