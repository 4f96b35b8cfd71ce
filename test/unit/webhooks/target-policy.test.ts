import { isBlockedAddress, TargetPolicy, TargetRefused, type Resolver } from '../../../shared/infra/outbound-target';

const resolveTo = (map: Record<string, string[]>): Resolver => async (host) => {
  const found = map[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('webhook target policy', () => {
  it.each([
    '127.0.0.1', '127.1.2.3', '10.0.0.5', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', 'fc00::abcd', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1', 'ff02::1',
  ])('refuses the non-public address %s', (ip) => {
    expect(isBlockedAddress(ip)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])('allows the public address %s', (ip) => {
    expect(isBlockedAddress(ip)).toBe(false);
  });

  const policy = new TargetPolicy('', resolveTo({
    'hooks.example.com': ['93.184.216.34'],
    'sneaky.example.com': ['93.184.216.34', '10.0.0.7'],
    'localhost': ['127.0.0.1', '::1'],
    'v6.example.com': ['2606:4700:4700::1111'],
  }));

  it.each([
    ['http://hooks.example.com/x', 'the URL must use https'],
    ['ftp://hooks.example.com/x', 'the URL must use https'],
    ['https://user:pw@hooks.example.com/x', 'the URL may not carry credentials'],
    ['not a url', 'not a valid URL'],
    ['https://127.0.0.1/x', 'private, loopback or link-local'],
    ['https://[::1]:8443/x', 'private, loopback or link-local'],
    ['https://169.254.169.254/latest/meta-data', 'private, loopback or link-local'],
    ['https://localhost/x', 'private, loopback or link-local'],
    ['https://sneaky.example.com/x', 'private, loopback or link-local'],
    ['https://nowhere.example.com/x', 'does not resolve'],
  ])('refuses %s (%s)', async (url, why) => {
    await expect((async () => policy.addresses(policy.parse(url)))()).rejects.toThrow(TargetRefused);
    await expect(policy.validate(url)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringContaining(why) });
  });

  it('accepts https to hosts whose every address is public, and gives back exactly those addresses', async () => {
    await expect(policy.addresses(policy.parse('https://hooks.example.com/x'))).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]);
    await expect(policy.addresses(policy.parse('https://v6.example.com/x'))).resolves.toEqual([{ address: '2606:4700:4700::1111', family: 6 }]);
  });

  it('exempts the hosts of WEBHOOK_ALLOWED_HOSTS from the https and address rules, and only those', async () => {
    const sandbox = new TargetPolicy('127.0.0.1, localhost', resolveTo({ localhost: ['127.0.0.1'] }));
    await expect(sandbox.validate('http://127.0.0.1:4000/hooks')).resolves.toBeInstanceOf(URL);
    await expect(sandbox.validate('http://localhost:4000/hooks')).resolves.toBeInstanceOf(URL);
    await expect(sandbox.validate('http://127.0.0.2:4000/hooks')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(sandbox.validate('https://10.0.0.1/hooks')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
