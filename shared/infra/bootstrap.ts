import type { Config } from './config';
import { createLogger, type Logger } from './logger';
import { createRedis, isCluster, redisTarget, type RedisClient } from './redis';
import { Metrics } from './metrics';
import { initOrm } from '../persistence/orm';
import { QueueBus, bullPrefix } from '../queues/queue-bus';
import { QUEUE_NAMES } from '../queues/definitions';
import { queueDepthReader } from '../queues/queue-depth';
import { createBullRedis } from './redis';
import type { InfraDeps } from './infra-deps';

/** QUIT waits for a reply, so a client that never connected (Redis down) is dropped instead. */
async function closeRedis(r: RedisClient): Promise<void> {
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
  const orm = await initOrm(config.DATABASE_URL, log, config.DB_POOL_MAX, config.DB_PREPARED_STATEMENTS);
  const target = redisTarget(config);
  const redis = createRedis(target);
  redis.on('error', (err) => log.warn({ err: err.message }, 'redis error'));
  const bullConn = createBullRedis(target);
  bullConn.on('error', (err) => log.warn({ err: err.message }, 'redis (queues) error'));
  const queues = new QueueBus(bullConn, bullPrefix(config.REDIS_PREFIX), isCluster(bullConn));
  const metrics = config.METRICS_ENABLED ? new Metrics() : undefined;
  metrics?.countQueuesWith(queueDepthReader(QUEUE_NAMES.map((q) => queues.queue(q))));
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
