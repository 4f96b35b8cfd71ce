import { SANDBOX_PORTS } from '../../sandbox/sandbox-env';
import { SIM_PLATFORMS, SIMULATORS } from '../../simulators';

describe('npm run sandbox on a fresh machine', () => {
  it('gives every listener of its own a different default port (a clash stops the sandbox at start)', () => {
    const ports = [SANDBOX_PORTS.gateway, SANDBOX_PORTS.webhookReceiver, ...SIM_PLATFORMS.map((p) => SIMULATORS[p].defaultPort)];
    expect(new Set(ports).size).toBe(ports.length);
  });
});
