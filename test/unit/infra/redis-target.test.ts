import { loadConfig } from '../../../shared/infra/config';
import { parseClusterNodes, redisTarget } from '../../../shared/infra/redis';

describe('REDIS_CLUSTER_NODES', () => {
  it('reads host:port entries and redis:// entries, credentials and TLS applying to every node', () => {
    expect(parseClusterNodes('10.0.0.1:7000, 10.0.0.2:7001')).toEqual({ cluster: [{ host: '10.0.0.1', port: 7000 }, { host: '10.0.0.2', port: 7001 }], nodeOptions: {} });
    expect(parseClusterNodes('rediss://app:s%40cret@r1:6380,r2:6381')).toEqual({
      cluster: [{ host: 'r1', port: 6380 }, { host: 'r2', port: 6381 }],
      nodeOptions: { username: 'app', password: 's@cret', tls: {} },
    });
  });

  it('unset or empty: the single Redis of REDIS_URL; set: the cluster', () => {
    expect(redisTarget({ REDIS_URL: 'redis://h:1' })).toBe('redis://h:1');
    expect(redisTarget({ REDIS_URL: 'redis://h:1', REDIS_CLUSTER_NODES: '' })).toBe('redis://h:1');
    expect(redisTarget({ REDIS_URL: 'redis://h:1', REDIS_CLUSTER_NODES: 'a:7000' })).toEqual({ cluster: [{ host: 'a', port: 7000 }], nodeOptions: {} });
  });

  it('a value that names no node is refused at startup, naming the variable', () => {
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: ', ,' })).toThrow(/REDIS_CLUSTER_NODES/);
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'host:notaport' })).toThrow(/REDIS_CLUSTER_NODES/);
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'a:7000,b:7001' }).REDIS_CLUSTER_NODES).toBe('a:7000,b:7001');
  });
});
