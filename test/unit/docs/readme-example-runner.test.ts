/**
 * The README test's runner records every answer an example gets, so an example that "works" but
 * receives a 4xx is caught: checked here against a local server, without the sandbox.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localize, parseAnswers, runExample, type RunContext } from '../../docs/run-example';
import type { SandboxReady } from '../../sandbox/harness';

let server: Server;
let ctx: RunContext;
let dir: string;

beforeAll(async () => {
  server = createServer((req, res) => res.writeHead(req.url === '/bad' ? 400 : 200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ready = { baseUrl: url, apiKey: 'k', tenantId: 't', pid: 1, sims: { facebook: 'http://127.0.0.1:1', tiktok: 'http://127.0.0.1:2', google: 'http://127.0.0.1:3', linkedin: 'http://127.0.0.1:4' } } as SandboxReady;
  dir = mkdtempSync(path.join(tmpdir(), 'readme-runner-'));
  ctx = { ready, dir, env: { KEY: 'k' }, sandboxLog: '/dev/null', logFrom: 0 };
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await new Promise((r) => server.close(r));
});

describe('the README example runner', () => {
  it("moves the README's usual ports to the sandbox's and its placeholder host to the sandbox's URL", () => {
    const local = localize("curl localhost:3000/x; curl 127.0.0.1:4104/y; baseUrl: 'https://gateway.example.com'; localhost:5173", ctx.ready);
    expect(local).toBe(`curl localhost:${new URL(ctx.ready.baseUrl).port}/x; curl 127.0.0.1:4/y; baseUrl: '${ctx.ready.baseUrl}'; localhost:5173`);
  });

  it('records the status of every curl call of a shell example, the 4xx ones included', async () => {
    const run = await runExample('probe', 'shell', 'curl -s localhost:3000/ok > /dev/null\ncurl -s -X POST localhost:3000/bad | jq -r .ok', ctx);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('true');
    expect(run.answers).toEqual([
      { status: 200, method: 'GET', path: '/ok' },
      { status: 400, method: 'POST', path: '/bad' },
    ]);
  });

  it('records the status of every fetch of a TypeScript example, and its exit code', async () => {
    const run = await runExample('probe', 'ts', "await fetch('http://localhost:3000/bad');\nthrow new Error('boom');", ctx);
    expect(run.code).not.toBe(0);
    expect(run.answers).toEqual([{ status: 400, method: 'GET', path: '/bad' }]);
  });

  it('reads curl and fetch status lines only', () => {
    expect(parseAnswers('HTTP 404 GET http://h/api/v1/jobs/1\nsome log line\n')).toEqual([{ status: 404, method: 'GET', path: '/api/v1/jobs/1' }]);
  });
});
