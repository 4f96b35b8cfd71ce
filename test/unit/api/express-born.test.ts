import http from 'node:http';
import { Socket } from 'node:net';
import express, { type Request, type Response } from 'express';
import { expressBorn } from '../../../api/http/express-born';
import { parseQueryOnce } from '../../../api/http/query-once';

describe('expressBorn', () => {
  const born = () => {
    const app = express();
    parseQueryOnce(app);
    const classes = expressBorn(app);
    const req = new classes.IncomingMessage(new Socket());
    const res = new classes.ServerResponse(req);
    // What express sees: the born objects typed as its own.
    return { app, req: req as Request, res: res as unknown as Response };
  };

  it('makes requests and responses whose prototypes are already the app’s, so express changes none', () => {
    const { app, req, res } = born();
    expect(Object.getPrototypeOf(req)).toBe(app.request);
    expect(Object.getPrototypeOf(res)).toBe(app.response);
    expect(req).toBeInstanceOf(http.IncomingMessage);
    expect(res).toBeInstanceOf(http.ServerResponse);
  });

  it('keeps what the app defined on its prototypes before (express’s methods, the parsed-once query)', () => {
    const { app, req, res } = born();
    req.url = '/x?a=1&a=2&b=3';
    expect(req.query).toEqual({ a: ['1', '2'], b: '3' });
    expect(req.query).toBe(req.query);
    expect(req.app).toBe(app);
    expect(typeof res.json).toBe('function');
    res.set('X-A', 'b');
    expect(res.getHeader('x-a')).toBe('b');
  });

  it('answers a real request through the app', async () => {
    const app = express();
    app.get('/hello', (req, res) => void res.json({ q: req.query.name }));
    const server = http.createServer(expressBorn(app), app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const { port } = server.address() as { port: number };
      const r = await fetch(`http://127.0.0.1:${port}/hello?name=x`);
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ q: 'x' });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
