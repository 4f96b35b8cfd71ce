import { z } from 'zod';
import { startWorld } from '../world';
import { defineRoute } from '../../api/routes/route';

describe('graceful shutdown', () => {
  it('completes an in-flight request and then refuses new connections', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const w = await startWorld({
      platforms: [],
      tenant: false,
      app: {
        extraRoutes: [
          defineRoute({
            method: 'get',
            path: '/__test/slow',
            operationId: 'slow',
            summary: 'Slow',
            tags: ['Test'],
            auth: 'none',
            response: { schema: z.object({ done: z.boolean() }) },
            handler: async () => {
              entered();
              await gate;
              return { data: { done: true } };
            },
          }),
        ],
      },
    });
    const inflight = fetch(`${w.app.url}/__test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await inside;
    const closing = w.app.server.close(5000);
    release();
    const res = await inflight;
    await closing;
    expect(res).toEqual({ status: 200, body: expect.objectContaining({ success: true, data: { done: true } }) });
    await expect(fetch(`${w.app.url}/healthz`)).rejects.toThrow();
    await w?.close().catch(() => undefined);
  });
});
