import { APP_PLATFORMS, PLATFORM_APPS } from '../../../shared/domain/tenants/platform-apps';
import { PLATFORMS, platformModules } from '../../../shared/platforms';

describe("the platforms' app credentials (declared by each module)", () => {
  it('list every platform once, in the order the tenant-apps contract has always had (then any newer platform)', () => {
    expect(APP_PLATFORMS).toEqual(['facebook', 'google', 'tiktok', 'linkedin']);
    expect([...APP_PLATFORMS].sort()).toEqual([...PLATFORMS].sort());
  });

  it.each(platformModules.map((m) => [m.name, m] as const))('%s names its OAuth client id (plain, required) and secret (secret, required) among its fields', (name, m) => {
    const field = (n: string) => m.appCredentials.fields.find((f) => f.name === n);
    expect(field(m.appCredentials.clientIdField)).toMatchObject({ secret: false, required: true });
    expect(field(m.appCredentials.clientSecretField)).toMatchObject({ secret: true, required: true });
    expect(PLATFORM_APPS[name]).toEqual({ platform: name, ...m.appCredentials });
    const names = m.appCredentials.fields.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
