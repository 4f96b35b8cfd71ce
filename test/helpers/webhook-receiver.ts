import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  /** Path and query the webhook was posted to. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; createdAt: string; data: any };
}

/** What the receiver does with the next request: answer a status, or never answer. */
export type Reply = number | 'hang' | { status: number; headers: Record<string, string> };

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hooks` */
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Replies used in order for the next requests; then 204. */
  script(...replies: Reply[]): void;
  waitFor(pred: (w: ReceivedWebhook) => boolean, timeoutMs?: number): Promise<ReceivedWebhook>;
  close(): Promise<void>;
}

const asStrings = (h: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
export const headersOf = (w: ReceivedWebhook) => asStrings(w.headers);

/** A real HTTP server on port 0 that records every webhook it gets. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const replies: Reply[] = [];
  const hanging = new Set<ServerResponse>();
  const waiters: { pred: (w: ReceivedWebhook) => boolean; resolve: (w: ReceivedWebhook) => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: ReceivedWebhook['json'];
      try {
        json = JSON.parse(body) as ReceivedWebhook['json'];
      } catch {
        json = { id: '', type: '', createdAt: '', data: body };
      }
      const w = { path: req.url ?? '', headers: req.headers, body, json };
      received.push(w);
      for (const x of [...waiters]) {
        if (x.pred(w)) {
          waiters.splice(waiters.indexOf(x), 1);
          x.resolve(w);
        }
      }
      const reply = replies.shift() ?? 204;
      if (reply === 'hang') {
        hanging.add(res);
        return;
      }
      if (typeof reply === 'number') res.writeHead(reply).end();
      else res.writeHead(reply.status, reply.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    script: (...r) => void replies.push(...r),
    waitFor(pred, timeoutMs = 20_000) {
      const found = received.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const x = { pred, resolve: (w: ReceivedWebhook) => (clearTimeout(timer), resolve(w)) };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(x), 1);
          reject(new Error(`no matching webhook within ${timeoutMs} ms (got ${received.map((r) => r.json.type).join(', ') || 'none'})`));
        }, timeoutMs);
        waiters.push(x);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
