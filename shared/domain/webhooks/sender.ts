import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { pinnedLookup, type ResolvedAddress } from '../../infra/outbound-target';

export interface SendResult {
  ok: boolean;
  statusCode?: number;
  error?: string;
}

/** Standard Webhooks headers; several secrets (during a rotation) give space-separated signatures. */
export function signHeaders(eventId: string, at: Date, body: string, secrets: string[]): Record<string, string> {
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(eventId, at, body)).join(' '),
  };
}

const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * One POST, connecting only to `addresses`. Redirects are answers like any other (not followed) and
 * only 2xx counts. The timeout covers the whole attempt, headers and body.
 */
export function postWebhook(url: URL, addresses: ResolvedAddress[], body: string, headers: Record<string, string>, timeoutMs: number): Promise<SendResult> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(url, {
      method: 'POST',
      agent: false,
      lookup: pinnedLookup(addresses),
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'ads-accounts-gateway-webhooks/1',
        ...headers,
      },
    });
    const timer = setTimeout(() => {
      done({ ok: false, error: `no answer within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      let seen = 0;
      res.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > MAX_RESPONSE_BYTES) res.destroy();
      });
      const finish = () => {
        const ok = status >= 200 && status < 300;
        done({ ok, statusCode: status, error: ok ? undefined : status >= 300 && status < 400 ? `redirect (${status}) not followed` : `answered ${status}` });
      };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
    });
    req.on('error', (err) => done({ ok: false, error: err.message }));
    req.end(body);
  });
}
