import { loadConfig } from '../../../shared/infra/config';
import { createLogger } from '../../../shared/infra/logger';
import { createInfra, type Infra } from '../../../shared/infra/bootstrap';
import { createServices } from '../../../shared/domain/services';
import { uniquePrefix } from '../../world/app';

/*
 * The composition root builds the whole service graph without touching the outside world: no
 * subscriber connection, no limiter connection, no hook on the ORM. `start()` does all of it, once.
 */
describe('building the services opens nothing until start', () => {
  let infra: Infra;

  beforeAll(async () => {
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', REDIS_PREFIX: uniquePrefix('root') });
    infra = await createInfra(config, createLogger({ level: 'silent' }));
  });
  afterAll(() => infra.close());

  it('subscribes and hooks flushes only when started, and only once', async () => {
    const duplicate = jest.spyOn(infra.redis, 'duplicate');
    const hooks = () => infra.orm.em.getEventManager().getSubscribers().size;
    const before = hooks();

    const services = createServices(infra);
    const limiterConn = (services.limiter as unknown as { log: { conn: { status: string } } }).log.conn;
    expect(duplicate).not.toHaveBeenCalled();
    expect(hooks()).toBe(before);
    expect(limiterConn.status).toBe('wait');

    services.start();
    // The guard cache's channel (shared with the token and tenant-app caches) and the limiter's pause channel.
    expect(duplicate).toHaveBeenCalledTimes(2);
    // Token drops on connection writes, webhook dispatch on event inserts.
    expect(hooks()).toBe(before + 2);
    expect(limiterConn.status).not.toBe('wait');

    services.start();
    expect(duplicate).toHaveBeenCalledTimes(2);
    expect(hooks()).toBe(before + 2);

    duplicate.mockRestore();
    await services.close();
  });
});
