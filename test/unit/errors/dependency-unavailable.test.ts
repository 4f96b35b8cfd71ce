import net from 'node:net';
import { ReplyError } from 'ioredis';
import { MikroORM } from '@mikro-orm/postgresql';
import { dependencyUnavailable } from '../../../shared/errors/unavailable';
import { ormConfig } from '../../../shared/persistence/mikro-orm.config';
import { createRedis } from '../../../shared/infra/redis';

/** A port nothing listens on (bound, then closed). */
async function deadPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

describe('errors of an unreachable PostgreSQL or Redis map to 503 SERVICE_UNAVAILABLE', () => {
  it('a command on the general Redis client while Redis is down', async () => {
    const redis = createRedis(`redis://127.0.0.1:${await deadPort()}`, { retryStrategy: () => 50, connectTimeout: 200 });
    redis.on('error', () => undefined);
    try {
      const err = await redis.get('x').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeDefined();
      const mapped = dependencyUnavailable(err);
      expect(mapped?.code).toBe('SERVICE_UNAVAILABLE');
      expect(mapped?.retryAfter).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  it('a query while PostgreSQL is unreachable', async () => {
    const orm = await MikroORM.init({ ...ormConfig({ databaseUrl: `postgres://postgres@127.0.0.1:${await deadPort()}/none` }), connect: false });
    try {
      const err = await orm.em.fork().getConnection().execute('select 1').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(dependencyUnavailable(err)?.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await orm.close(true);
    }
  });

  it('a statement PostgreSQL refuses is not an outage', () => {
    const syntax = Object.assign(new Error('syntax error at or near "selec"'), { code: '42601', sqlState: '42601', name: 'SyntaxErrorException' });
    expect(dependencyUnavailable(syntax)).toBeUndefined();
    expect(dependencyUnavailable(new (ReplyError as new (m: string) => Error)('WRONGTYPE Operation against a key holding the wrong kind of value'))).toBeUndefined();
  });
});
