import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Refuses new connections and drops open ones: to the app, the service behind is down. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A private TCP relay in front of a shared service (PostgreSQL, Redis). Cutting it simulates an
 * outage for one app only, without ever stopping the service other suites use.
 */
export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        sockets.add(client).add(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      sockets.clear();
      server.close(() => resolve());
    });
  await listen();
  return {
    get port() {
      return port;
    },
    cut: stop,
    resume: listen,
    close: stop,
  };
}
