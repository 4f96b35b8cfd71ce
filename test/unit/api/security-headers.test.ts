import helmet from 'helmet';
import { securityHeaders } from '../../../api/middleware/security-headers';

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
  it('makes the same header calls, in the same order, as helmet with its defaults', () => {
    const ours = recording();
    const theirs = recording();
    let nexts = 0;
    securityHeaders()({} as never, ours.res as never, () => nexts++);
    securityHeaders()({} as never, ours.res as never, () => nexts++);
    helmet()({ headers: {} } as never, theirs.res as never, () => undefined);
    helmet()({ headers: {} } as never, theirs.res as never, () => undefined);
    expect(nexts).toBe(2);
    expect(theirs.calls).toContain('set X-Content-Type-Options: nosniff');
    expect(theirs.calls).toContain('remove X-Powered-By');
    expect(ours.calls).toEqual(theirs.calls);
  });
});
