import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type CreateAppOptions } from './app';
import type { AppDeps } from './deps';
import { expressBorn } from './http/express-born';

export interface RunningServer {
  server: http.Server;
  url: string;
  /** Stops accepting connections and waits for in-flight requests, up to `timeoutMs`. */
  close(timeoutMs: number): Promise<void>;
}

export function startServer(deps: AppDeps, opts: CreateAppOptions & { port?: number; host?: string } = {}): Promise<RunningServer> {
  const app = createApp(deps, opts);
  const server = http.createServer(expressBorn(app), app);
  // Longer than typical load-balancer idle timeouts, so the LB closes first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 120_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? deps.config.PORT, opts.host ?? deps.config.HOST, () => {
      const addr = server.address() as AddressInfo;
      const host = addr.address === '0.0.0.0' || addr.address === '::' ? '127.0.0.1' : addr.address;
      resolve({
        server,
        url: `http://${host}:${addr.port}`,
        close: (timeoutMs) =>
          new Promise<void>((done) => {
            const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
            // Keep-alive sockets turn idle as their last response ends; sweep them so close() returns promptly.
            const sweep = setInterval(() => server.closeIdleConnections(), 50);
            server.close(() => {
              clearTimeout(timer);
              clearInterval(sweep);
              done();
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
}
