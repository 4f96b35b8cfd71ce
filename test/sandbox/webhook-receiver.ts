import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * The sandbox's stand-in for a tenant backend: prints every webhook it receives, after checking its
 * signature exactly as a receiver should (standardwebhooks, over the raw body).
 */
export async function startSandboxReceiver(port: number, out: (line: string) => void): Promise<{ url: string; useSecret(s: string): void; close(): Promise<void> }> {
  let verifier: Webhook | undefined;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let line: string;
      try {
        const event = verifier!.verify(body, req.headers as Record<string, string>) as { type: string; id: string; data: unknown };
        line = `[webhook] ${event.type} ${event.id} signature ok ${JSON.stringify(event.data).slice(0, 160)}`;
        res.writeHead(204).end();
      } catch (e) {
        line = `[webhook] refused a delivery: ${(e as Error).message}`;
        res.writeHead(400).end();
      }
      out(`${line}\n`);
    });
  });
  const listen = (p: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => resolve());
    });
  // A sandbox already running elsewhere may hold the usual port: take any free one then.
  await listen(port).catch(() => listen(0));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    useSecret: (s) => void (verifier = new Webhook(s)),
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** One endpoint for every event, pointed at the receiver; its secret is rotated at each start since it is shown only once. */
export async function ensureDemoWebhook(base: string, apiKey: string, url: string): Promise<string> {
  const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
  const list = (await (await fetch(`${base}/api/v1/tenant/webhooks`, { headers })).json()) as { data: { id: string; url: string }[] };
  const existing = list.data.find((e) => e.url === url);
  const r = existing
    ? await fetch(`${base}/api/v1/tenant/webhooks/${existing.id}/secret/rotate`, { method: 'POST', headers, body: JSON.stringify({ graceSeconds: 0 }) })
    : await fetch(`${base}/api/v1/tenant/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url, events: '*', description: 'sandbox receiver' }) });
  const json = (await r.json()) as { data?: { secret: string } };
  if (!json.data?.secret) throw new Error(`demo webhook: ${r.status} ${JSON.stringify(json)}`);
  if (existing) await fetch(`${base}/api/v1/tenant/webhooks/${existing.id}`, { method: 'PATCH', headers, body: JSON.stringify({ enabled: true }) });
  return json.data.secret;
}
