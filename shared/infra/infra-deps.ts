import type { MikroORM } from '@mikro-orm/postgresql';
import type { RedisClient } from './redis';
import type { Config } from './config';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import type { QueueBus } from '../queues/queue-bus';

/** Process-wide infrastructure shared by the api and worker roles. */
export interface InfraDeps {
  config: Config;
  logger: Logger;
  orm: MikroORM;
  /** General-purpose commands (caches, locks, rate limits). */
  redis: RedisClient;
  queues: QueueBus;
  metrics?: Metrics;
}
