import IORedis, { type Redis, type RedisOptions } from 'ioredis';

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
    ...overrides,
  });
}

/** BullMQ workers need blocking commands that never give up (`maxRetriesPerRequest: null`). */
export function createBullRedis(url: string): Redis {
  return new IORedis(url, { maxRetriesPerRequest: null, enableReadyCheck: false });
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
