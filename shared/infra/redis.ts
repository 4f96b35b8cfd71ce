import IORedis, { Cluster, type ClusterOptions, type Redis, type RedisOptions } from 'ioredis';

/** A client of either deployment shape: one Redis (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER_NODES). */
export type RedisClient = Redis | Cluster;

/** Where Redis is: a URL (one node), or the seed nodes of a cluster with the options every node shares. */
export type RedisTarget = string | ClusterTarget;
export interface ClusterTarget {
  cluster: { host: string; port: number }[];
  nodeOptions: RedisOptions;
}

/**
 * How long disconnect() waits for the socket to close before destroying it (ioredis: 2000 ms). A
 * client that never reached a dead Redis has a socket that never emits 'close', so that wait held
 * the process (and jest workers) open for the full 2 s after everything was closed.
 */
const DISCONNECT_TIMEOUT_MS = 100;

/**
 * `REDIS_CLUSTER_NODES`: `host:port` or `redis[s]://[user:password@]host:port` entries, comma
 * separated. Credentials (and TLS, `rediss:`) come from the first entry that has them and apply
 * to every node, as a cluster's nodes share them.
 */
export function parseClusterNodes(list: string): ClusterTarget {
  const urls = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => new URL(s.includes('://') ? s : `redis://${s}`));
  if (!urls.length) throw new Error('REDIS_CLUSTER_NODES names no node');
  const withAuth = urls.find((u) => u.username || u.password);
  const nodeOptions: RedisOptions = {};
  if (withAuth?.username) nodeOptions.username = decodeURIComponent(withAuth.username);
  if (withAuth?.password) nodeOptions.password = decodeURIComponent(withAuth.password);
  if (urls.some((u) => u.protocol === 'rediss:')) nodeOptions.tls = {};
  return { cluster: urls.map((u) => ({ host: u.hostname, port: Number(u.port || 6379) })), nodeOptions };
}

/** The Redis a process's config names: the cluster when `REDIS_CLUSTER_NODES` is set, else `REDIS_URL`. */
export function redisTarget(config: { REDIS_URL: string; REDIS_CLUSTER_NODES?: string }): RedisTarget {
  return config.REDIS_CLUSTER_NODES ? parseClusterNodes(config.REDIS_CLUSTER_NODES) : config.REDIS_URL;
}

export const isCluster = (r: RedisClient): r is Cluster => r instanceof Cluster;

/**
 * A cluster client. Per-node options (timeouts, retries per command) go to every node's connection;
 * the offline queue is the cluster's own. Commands sent while a slot's master fails over are
 * retried after `retryDelayOnFailover` (the replica is promoted within the cluster's node timeout).
 */
function createCluster(target: ClusterTarget, options: RedisOptions): Cluster {
  const { enableOfflineQueue, lazyConnect, ...nodeOptions } = options;
  const clusterOptions: ClusterOptions = {
    redisOptions: { ...target.nodeOptions, ...nodeOptions },
    enableOfflineQueue: enableOfflineQueue ?? true,
    lazyConnect: lazyConnect ?? false,
    retryDelayOnFailover: 200,
    retryDelayOnClusterDown: 200,
    // Keep looking for the cluster (a restart, a failover): a client that gives up stays down.
    clusterRetryStrategy: (times) => Math.min(100 * times, 2000),
  };
  return new Cluster(target.cluster, clusterOptions);
}

/**
 * General-purpose connection: fail fast instead of queueing commands forever while Redis is down,
 * so readiness and request paths answer promptly.
 */
export function createRedis(target: string, overrides?: RedisOptions): Redis;
export function createRedis(target: RedisTarget, overrides?: RedisOptions): RedisClient;
export function createRedis(target: RedisTarget, overrides: RedisOptions = {}): RedisClient {
  const options: RedisOptions = {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    connectTimeout: 2000,
    lazyConnect: false,
    disconnectTimeout: DISCONNECT_TIMEOUT_MS,
    ...overrides,
  };
  return typeof target === 'string' ? new IORedis(target, options) : createCluster(target, options);
}

/** BullMQ workers need blocking commands that never give up (`maxRetriesPerRequest: null`). */
export function createBullRedis(target: string): Redis;
export function createBullRedis(target: RedisTarget): RedisClient;
export function createBullRedis(target: RedisTarget): RedisClient {
  if (typeof target !== 'string') return createCluster(target, { maxRetriesPerRequest: null, disconnectTimeout: DISCONNECT_TIMEOUT_MS });
  return new IORedis(target, { maxRetriesPerRequest: null, enableReadyCheck: false, disconnectTimeout: DISCONNECT_TIMEOUT_MS });
}

/**
 * GET of several keys. One MGET on one node; on a cluster, keys of different slots cannot share one
 * command, so each is read on its own (pipelined by ioredis per node).
 */
export async function getMany(redis: RedisClient, keys: string[]): Promise<(string | null)[]> {
  if (!keys.length) return [];
  if (!isCluster(redis)) return redis.mget(...keys);
  return Promise.all(keys.map((k) => redis.get(k)));
}

/** Deletes every key matching `pattern` (SCAN on each master of a cluster); returns how many. */
export async function deleteMatching(redis: RedisClient, pattern: string): Promise<number> {
  let n = 0;
  for (const node of isCluster(redis) ? redis.nodes('master') : [redis]) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      cursor = next;
      // One DEL per key on a cluster (its keys are in many slots), the node's whole batch otherwise.
      if (keys.length) n += isCluster(redis) ? (await Promise.all(keys.map((k) => redis.del(k)))).reduce((a, b) => a + b, 0) : await node.del(...keys);
    } while (cursor !== '0');
  }
  return n;
}

/** A second connection to the same Redis with `overrides` (a subscriber, a blocking reader). */
export function duplicateWith(redis: RedisClient, overrides: RedisOptions): RedisClient {
  if (!isCluster(redis)) return redis.duplicate(overrides);
  const { enableOfflineQueue, ...nodeOptions } = overrides;
  return redis.duplicate(undefined, {
    enableOfflineQueue: enableOfflineQueue ?? redis.options.enableOfflineQueue,
    redisOptions: { ...redis.options.redisOptions, ...nodeOptions },
  });
}

export async function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/**
 * A dedicated subscriber connection on one channel, for in-process mirrors of shared state.
 * Messages published while it was disconnected are lost, so `onResubscribed` runs after every
 * reconnection (not the first connect): the mirror must forget what it may have missed. `ready`
 * settles with the first SUBSCRIBE (rejects, after `onError`, when it fails).
 */
export function openSubscription(
  redis: RedisClient,
  channel: string,
  handlers: { onMessage: (msg: string) => void; onResubscribed: () => void; onError: (err: Error) => void },
): { sub: RedisClient; ready: Promise<void> } {
  const sub = duplicateWith(redis, { maxRetriesPerRequest: null, enableOfflineQueue: true });
  let everReady = false;
  sub.on('error', () => undefined);
  sub.on('ready', () => {
    if (everReady) handlers.onResubscribed();
    everReady = true;
  });
  sub.on('message', (_ch: string, msg: string) => handlers.onMessage(msg));
  const ready = sub.subscribe(channel).then(
    () => undefined,
    (err: Error) => {
      handlers.onError(err);
      throw err;
    },
  );
  ready.catch(() => undefined);
  return { sub, ready };
}

/** `openSubscription` for mirrors that do not wait for the first SUBSCRIBE. */
export function subscribeChannel(redis: RedisClient, channel: string, handlers: Parameters<typeof openSubscription>[2]): RedisClient {
  return openSubscription(redis, channel, handlers).sub;
}
