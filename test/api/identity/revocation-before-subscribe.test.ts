import IORedis from 'ioredis';
import pino from 'pino';
import { Revocations } from '../../../shared/domain/identity/revocations';
import { startTcpProxy, type TcpProxy } from '../../helpers/tcp-proxy';
import { eventually } from '../../helpers/eventually';
import { startWorld, type World } from '../../world';

/**
 * A replica whose pub/sub connection is slow to come up: a revocation another replica commits and
 * announces after this one read the table, but before its SUBSCRIBE took hold, reaches it neither
 * way unless it reads the table again once subscribed.
 */
describe('a replica starting while another revokes a subject', () => {
  let w: World;
  let proxy: TcpProxy;
  let redis: IORedis;
  let late: Revocations | undefined;

  beforeAll(async () => {
    w = await startWorld({ platforms: [], tenant: false });
    proxy = await startTcpProxy(Number(new URL(w.app.config.REDIS_URL).port || 6379));
    await proxy.cut();
    redis = new IORedis(w.app.config.REDIS_URL);
  });
  afterAll(async () => {
    late?.close();
    redis.disconnect();
    await proxy.close();
    await w.close();
  });

  it('refuses the revoked subject once its subscription is up', async () => {
    // This replica's subscriber goes through the proxy, which refuses connections for now.
    const viaProxy = `redis://127.0.0.1:${proxy.port}`;
    jest.spyOn(redis, 'duplicate').mockImplementation((opts) => new IORedis(viaProxy, { ...opts, retryStrategy: () => 20 }));
    late = new Revocations({ orm: w.app.infra.orm, redis, prefix: w.app.config.REDIS_PREFIX, logger: pino({ level: 'silent' }), retainSeconds: 3600 });
    await late.ready();
    const subject = { tenantId: '00000000-0000-4000-8000-00000000e1e1', userId: '00000000-0000-4000-8000-00000000e1e2' };
    expect(late.isRevoked(subject.tenantId, subject.userId)).toBe(false);

    // Another replica revokes and announces while this one is not subscribed: the message is lost.
    const em = w.app.infra.orm.em.fork();
    await em.transactional((tx) => w.app.services.revocations.revoke(tx, [subject]));
    await w.app.services.revocations.announce([subject]);

    await proxy.resume();
    expect(await eventually(async () => late!.isRevoked(subject.tenantId, subject.userId), (v) => v, 5_000)).toBe(true);
  });
});
