import type { Redis } from 'ioredis';
import type { Config } from './config';
import { createLogger, type Logger } from './logger';
import { createRedis } from './redis';
import { Metrics } from './metrics';
import { initOrm } from '../persistence/orm';
import { QueueBus, bullPrefix } from '../queues/queue-bus';
import { QUEUE_NAMES } from '../queues/definitions';
import { createBullRedis } from './redis';
import type { InfraDeps } from './infra-deps';

/** QUIT waits for a reply, so a client that never connected (Redis down) is dropped instead. */
async function closeRedis(r: Redis): Promise<void> {
  if (r.status !== 'ready') {
    r.disconnect();
    return;
  }
  await r.quit().catch(() => r.disconnect());
}

export interface Infra extends InfraDeps {
  close(): Promise<void>;
}

/** Connects everything a process needs. The caller owns close(). */
export async function createInfra(config: Config, logger?: Logger): Promise<Infra> {
  const log = logger ?? createLogger({ level: config.LOG_LEVEL });
  const orm = await initOrm(config.DATABASE_URL, log, config.DB_POOL_MAX);
  const redis = createRedis(config.REDIS_URL);
  redis.on('error', (err) => log.warn({ err: err.message }, 'redis error'));
  const bullConn = createBullRedis(config.REDIS_URL);
  bullConn.on('error', (err) => log.warn({ err: err.message }, 'redis (queues) error'));
  const queues = new QueueBus(bullConn, bullPrefix(config.REDIS_PREFIX));
  const metrics = config.METRICS_ENABLED ? new Metrics() : undefined;
  metrics?.countQueuesWith(async () =>
    Object.fromEntries(await Promise.all(QUEUE_NAMES.map(async (q) => [q, await queues.queue(q).getJobCounts()] as const))),
  );
  return {
    config,
    logger: log,
    orm,
    redis,
    queues,
    metrics,
    async close() {
      await queues.close().catch(() => undefined);
      await Promise.all([closeRedis(redis), closeRedis(bullConn)]);
      await orm.close(true);
    },
  };
}
