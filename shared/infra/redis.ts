import IORedis, { type Redis, type RedisOptions } from 'ioredis';

/**
 * How long disconnect() waits for the socket to close before destroying it (ioredis: 2000 ms). A
 * client that never reached a dead Redis has a socket that never emits 'close', so that wait held
 * the process (and jest workers) open for the full 2 s after everything was closed.
 */
const DISCONNECT_TIMEOUT_MS = 100;

/**
 * General-purpose connection: fail fast instead of queueing commands forever while Redis is down,
 * so readiness and request paths answer promptly.
 */
export function createRedis(url: string, overrides: RedisOptions = {}): Redis {
  return new IORedis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    connectTimeout: 2000,
    lazyConnect: false,
    disconnectTimeout: DISCONNECT_TIMEOUT_MS,
    ...overrides,
  });
}

/** BullMQ workers need blocking commands that never give up (`maxRetriesPerRequest: null`). */
export function createBullRedis(url: string): Redis {
  return new IORedis(url, { maxRetriesPerRequest: null, enableReadyCheck: false, disconnectTimeout: DISCONNECT_TIMEOUT_MS });
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
  redis: Redis,
  channel: string,
  handlers: { onMessage: (msg: string) => void; onResubscribed: () => void; onError: (err: Error) => void },
): { sub: Redis; ready: Promise<void> } {
  const sub = redis.duplicate({ maxRetriesPerRequest: null, enableOfflineQueue: true });
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
export function subscribeChannel(redis: Redis, channel: string, handlers: Parameters<typeof openSubscription>[2]): Redis {
  return openSubscription(redis, channel, handlers).sub;
}
