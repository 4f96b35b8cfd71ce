/**
 * The simplest proxy the gateway is compared against: Express 5, one undici Pool hop to the same
 * simulator, the same success envelope. No auth, no guard, no limiter.
 */
import express from 'express';
import { Pool } from 'undici';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startBaseline(tiktokBaseUrl: string, token: string, port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const pool = new Pool(tiktokBaseUrl, { connections: 64, pipelining: 1 });
  const app = express();
  app.get('/api/v1/tiktok/assets', async (req, res) => {
    const advertiserId = String(req.query.adAccountId ?? '');
    const r = await pool.request({
      method: 'GET',
      path: `/open_api/v1.3/campaign/get/?advertiser_id=${encodeURIComponent(advertiserId)}&page=1&page_size=10`,
      headers: { 'access-token': token },
    });
    const body = (await r.body.json()) as { data: unknown };
    res.json({ success: true, message: 'Assets fetched', timestamp: new Date().toISOString(), statusCode: 200, data: body.data });
  });
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  const addr = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${addr.port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(() => r(undefined)));
      await pool.close();
    },
  };
}
