import { request } from 'node:http';
import { ACCOUNTS } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { FB_ENV, GRAPH_VERSION } from '../facebook/fixtures';

/*
 * Raw request paths the proxy must never turn into a call outside the platform's versioned API:
 * sent byte for byte (no client normalizes the dot segments), answered 4xx before any call, or sent
 * to the simulator (the platform's host) under its version.
 */

const ACT = `act_${ACCOUNTS.alice[0]}`;
const P = '/api/v1/facebook/proxy';

const HOSTILE: string[] = [
  `${ACT}/../me`,
  `${ACT}/../../../me`,
  `${ACT}/%2e%2e/me`,
  `${ACT}/%2E%2E%2Fme`,
  `${ACT}/.%2e/me`,
  `..%2Fme`,
  `${ACT}%2F..%2F..%2Fme`,
  `${ACT}%5C..%5Cme`,
  `/evil.test/x`,
  `%2F%2Fevil.test/x`,
  `https://evil.test/x`,
  `https:%2F%2Fevil.test%2Fx`,
  `http:evil.test`,
  `${ACT}/adlabels%0d%0aX-Injected:%201`,
  `${ACT}/adlabels%0aHost:%20evil.test`,
  `${ACT}/adlabels%00`,
  `${ACT}/adlabels#frag`,
  `${ACT}/${'a'.repeat(3000)}`,
  `${ACT}/${Array.from({ length: 40 }, () => 'x').join('/')}`,
  `${ACT}/adlabels%zz`,
  `${ACT}@evil.test/adlabels`,
  `.`,
  `%2e`,
];

function rawGet(base: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method: 'GET', path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('proxy path fuzz', () => {
  const w = useWorld({ platform: 'facebook', env: FB_ENV }, async (w) => {
    await w.connect('facebook', { adAccountId: ACT });
  });

  it.each(HOSTILE.map((p) => [p.length > 80 ? `${p.slice(0, 60)}…(${p.length})` : p, p]))('%s: a 4xx, or a call on the platform’s own versioned path', async (_label, path) => {
    const r = await rawGet(w.app.url, `${P}/${path}`, w.user.headers);
    const calls = await w.sim.calls();
    if (r.status === 200) {
      // Reached the platform: only under its versioned base, on its own host.
      for (const c of calls) expect(c.path.startsWith(`/${GRAPH_VERSION}/act_`)).toBe(true);
    } else {
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      for (const c of calls) expect(c.path.startsWith(`/${GRAPH_VERSION}/act_`)).toBe(true);
    }
    for (const c of calls) {
      expect(c.path).not.toMatch(/\.\.|\/me\b|evil/);
      expect(JSON.stringify(c.headers)).not.toMatch(/injected|evil/i);
    }
  });

  it('the caller’s own Authorization and cookies never reach the platform', async () => {
    const r = await rawGet(w.app.url, `${P}/${ACT}/adlabels`, { ...w.user.headers, cookie: 'session=caller-secret' });
    expect(r.status).toBe(200);
    const [call] = await w.sim.calls('/adlabels');
    expect(call!.headers.cookie).toBeUndefined();
    expect(call!.headers.authorization).toBeUndefined();
  });
});
