import IORedis from 'ioredis';
import pino from 'pino';
import { loadConfig } from '../../../shared/infra/config';
import { PauseBoard } from '../../../shared/platforms/core/pause-board';
import { uniquePrefix } from '../../helpers/test-app';
import { eventually } from '../../helpers/eventually';

/** Two replicas' views of the limiter pauses, over one real Redis. */
describe('the pause board every replica reads before a platform call', () => {
  const config = loadConfig(process.env);
  const logger = pino({ level: 'silent' });
  const prefix = uniquePrefix('pb');
  const key = `${prefix}:lim:pause:tiktok:app:app-1`;
  let redis: IORedis;
  let a: PauseBoard;
  let b: PauseBoard;

  beforeAll(async () => {
    redis = new IORedis(config.REDIS_URL);
    // A long freshness: anything B learns within the test comes from the published pause, not a re-read.
    a = new PauseBoard({ redis, prefix, logger, freshMs: 60_000 });
    b = new PauseBoard({ redis, prefix, logger, freshMs: 60_000 });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    a.close();
    b.close();
    await redis.quit();
  });

  it('a pause raised on one replica reaches another that had already read "not paused"', async () => {
    expect(await b.until([key])).toBe(0);
    const deadline = Date.now() + 5_000;
    await a.raise(key, deadline, 5_000);
    expect(await eventually(async () => b.until([key]), (v) => v > 0, 1_000, 5)).toBe(deadline);
    expect(Number(await redis.get(key))).toBe(deadline);
  });

  it('a shorter pause never cuts a longer one', async () => {
    const current = await a.until([key]);
    await a.raise(key, Date.now() + 100, 100);
    expect(await a.until([key])).toBe(current);
    expect(Number(await redis.get(key))).toBe(current);
  });

  it('clearing lifts the pause on every replica and in Redis', async () => {
    await a.clearAll(`${prefix}:lim:pause:`);
    expect(await redis.exists(key)).toBe(0);
    expect(await eventually(async () => b.until([key]), (v) => v === 0, 1_000, 5)).toBe(0);
  });

  it('the keys a fan-out finds stale in one tick are read from Redis in one MGET, each call still getting its own pause', async () => {
    const c = new PauseBoard({ redis, prefix, logger, freshMs: 60_000 });
    const app = `${prefix}:lim:pause:google:app:app-1`;
    const accounts = Array.from({ length: 50 }, (_, i) => `${prefix}:lim:pause:google:account:${1000 + i}`);
    const deadline = Date.now() + 5_000;
    await redis.set(accounts[7]!, String(deadline), 'PX', 5_000);
    const mget = jest.spyOn(redis, 'mget');
    try {
      const answers = await Promise.all(accounts.map((k) => c.until([app, k])));
      expect(mget).toHaveBeenCalledTimes(1);
      expect(answers[7]).toBe(deadline);
      expect(answers.filter((a) => a !== 0)).toHaveLength(1);
      // Now fresh: answered from the mirror without asking Redis again.
      expect(c.until([app, accounts[7]!])).toBe(deadline);
      expect(mget).toHaveBeenCalledTimes(1);
    } finally {
      mget.mockRestore();
      c.close();
    }
  });

  it('a replica re-reads a key once its copy is older than freshMs, so a lost message costs at most that long', async () => {
    const c = new PauseBoard({ redis, prefix, logger, freshMs: 50 });
    // The board's clock is pinned, so the freshness window does not depend on how fast this machine runs.
    const t0 = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(t0);
    try {
      expect(await c.until([key])).toBe(0);
      // Written straight to Redis, as if the published message had been lost.
      const deadline = t0 + 5_000;
      await redis.set(key, String(deadline), 'PX', 5_000);
      clock.mockReturnValue(t0 + 49);
      expect(await c.until([key])).toBe(0);
      clock.mockReturnValue(t0 + 50);
      expect(await c.until([key])).toBe(deadline);
    } finally {
      clock.mockRestore();
      c.close();
    }
  });
});
