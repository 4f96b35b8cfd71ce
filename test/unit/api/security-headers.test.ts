import helmet from 'helmet';
import { API_HEADERS, securityHeaders } from '../../../api/middleware/security-headers';

/** A response that notes every header call, in order. */
function recording() {
  const calls: string[] = [];
  const res = {
    setHeader: (name: string, value: string) => void calls.push(`set ${name}: ${value}`),
    removeHeader: (name: string) => void calls.push(`remove ${name}`),
  };
  return { calls, res };
}

describe('securityHeaders', () => {
  it('outside /api/, makes the same header calls, in the same order, as helmet with its defaults', () => {
    const ours = recording();
    const theirs = recording();
    let nexts = 0;
    securityHeaders()({ url: '/connect/start' } as never, ours.res as never, () => nexts++);
    securityHeaders()({ url: '/docs' } as never, ours.res as never, () => nexts++);
    helmet()({ headers: {} } as never, theirs.res as never, () => undefined);
    helmet()({ headers: {} } as never, theirs.res as never, () => undefined);
    expect(nexts).toBe(2);
    expect(theirs.calls).toContain('set X-Content-Type-Options: nosniff');
    expect(theirs.calls).toContain('remove X-Powered-By');
    expect(ours.calls).toEqual(theirs.calls);
  });

  it('under /api/, sets the JSON answer set only: no page policies, never cached or framed', () => {
    const ours = recording();
    let nexts = 0;
    securityHeaders()({ url: '/api/v1/tiktok/assets?adAccountId=1' } as never, ours.res as never, () => nexts++);
    expect(nexts).toBe(1);
    expect(ours.calls).toEqual(API_HEADERS.map(([name, value]) => `set ${name}: ${value}`));
    expect(ours.calls).toContain("set Content-Security-Policy: default-src 'none'; frame-ancestors 'none'");
    expect(ours.calls).toContain('set Cache-Control: no-store');
    expect(ours.calls).toContain('set X-Content-Type-Options: nosniff');
    expect(ours.calls.join('\n')).not.toMatch(/X-DNS-Prefetch-Control|Origin-Agent-Cluster|script-src/);
  });
});
