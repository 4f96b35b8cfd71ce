import { Queue, QueueEvents, type JobsOptions, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { DEFAULT_JOB_OPTIONS, QUEUE_NAMES, type JobDefinition, type JobPayload, type QueueName } from './definitions';

/** Producer side of every queue: validates payloads with the job's schema before they leave the process. */
export class QueueBus {
  private readonly queues = new Map<QueueName, Queue>();
  private readonly events = new Map<QueueName, { events: Promise<QueueEvents>; connection: Redis }>();

  constructor(
    private readonly connection: Redis,
    readonly prefix: string,
  ) {
    for (const name of QUEUE_NAMES) {
      const queue = new Queue(name, { connection, prefix, defaultJobOptions: DEFAULT_JOB_OPTIONS });
      // BullMQ re-emits connection errors on the queue; unheard, an 'error' event crashes the process.
      // The shared connection's own listener (shared/infra/bootstrap.ts) already logs them.
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
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

  /**
   * The process's one QueueEvents subscription for a queue, created on first use on its own blocking
   * connection (XREAD BLOCK would stall every other command sharing it), and closed with the bus.
   * It starts from the stream's current tail, so no event after this call is missed even before the
   * first XREAD is issued.
   */
  queueEvents(name: QueueName): Promise<QueueEvents> {
    let e = this.events.get(name);
    if (!e) {
      const connection = this.connection.duplicate();
      const events = (async () => {
        const tail = (await connection.xrevrange(`${this.prefix}:${name}:events`, '+', '-', 'COUNT', 1)) as [string, string[]][];
        const qe = new QueueEvents(name, { connection, prefix: this.prefix, lastEventId: tail[0]?.[0] ?? '0-0' });
        qe.on('error', () => undefined);
        return qe;
      })();
      e = { events, connection };
      this.events.set(name, e);
    }
    return e.events;
  }

  async close(): Promise<void> {
    await Promise.all([...this.events.values()].map((e) => e.events.then((ev) => ev.close()).catch(() => undefined)));
    await Promise.all([...this.events.values()].map((e) => e.connection.quit().catch(() => e.connection.disconnect())));
    this.events.clear();
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
