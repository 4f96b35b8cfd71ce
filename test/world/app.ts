import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../../shared/infra/config';
import { createLogger } from '../../shared/infra/logger';
import { createInfra, type Infra } from '../../shared/infra/bootstrap';
import { createServices, type Services } from '../../shared/domain/services';
import { startServer, type RunningServer } from '../../api/server';
import { startWorkers, type WorkerPool } from '../../workers/worker-pool';
import type { CreateAppOptions } from '../../api/app';
import type { WriteOperation } from '../../shared/platforms/core/write-operation';
import { checkAnswer, checkAnswersOf, forgetAnswersOf } from '../helpers/answer-checks';
import { withTestOperations } from '../helpers/write-operations';

export interface TestApp {
  url: string;
  config: Config;
  infra: Infra;
  services: Services;
  server: RunningServer;
  workers?: WorkerPool;
  /** Path of this app's real pino output (the secret-leak test scans every such file). */
  logFile: string;
  close(): Promise<void>;
}

export const uniquePrefix = (label = 't') => `${label}:${randomBytes(5).toString('hex')}`;

/**
 * Boots the real app in-process on port 0 against the real Postgres (the run's database) and Redis
 * (a unique prefix per app, so files never see each other's keys or queues).
 */
export async function startTestApp(
  opts: {
    env?: Record<string, string>;
    workers?: boolean;
    app?: CreateAppOptions;
    port?: number;
    /** Test-only write operations its jobs service and workers find besides the platforms' own. */
    writeOperations?: readonly WriteOperation[];
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    REDIS_PREFIX: uniquePrefix(),
    ...opts.env,
  });
  const logFile = path.join(process.env.TEST_LOG_DIR ?? '/tmp', `${config.REDIS_PREFIX.replace(/:/g, '_')}.log`);
  const stream: WriteStream = createWriteStream(logFile, { flags: 'a' });
  const logger = createLogger({ level: config.LOG_LEVEL }, stream);
  const infra = await createInfra(config, logger);
  // Tests start talking at once: let the connection settle first, so nothing that counts in process
  // while Redis is still connecting (the abuse limits) splits its counts across the two.
  for (let i = 0; i < 100 && infra.redis.status === 'connecting'; i++) await new Promise((r) => setTimeout(r, 20));
  const services = createServices(infra, opts.writeOperations ? { writeOperations: withTestOperations(opts.writeOperations) } : {});
  services.start();
  const server = await startServer({ ...infra, services }, { ...opts.app, port: opts.port ?? 0, host: '127.0.0.1' });
  const workers = opts.workers ? startWorkers(services) : undefined;
  checkAnswersOf(server.url, opts.app?.extraRoutes);
  let closing: Promise<void> | undefined;
  return {
    url: server.url,
    config,
    infra,
    services,
    server,
    workers,
    logFile,
    // Once, however often it is called (a test may close an app early to read its flushed log).
    close: () =>
      (closing ??= (async () => {
        forgetAnswersOf(server.url);
        await server.close(2000);
        await workers?.close(5000);
        await services.close();
        await infra.close();
        await new Promise((r) => stream.end(r));
      })()),
  };
}

/** A port free right now, for apps whose PUBLIC_URL (email links) must be known before they start. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** An app whose PUBLIC_URL is its real address, so links in its emails can be followed. */
export async function startLinkedTestApp(opts: Parameters<typeof startTestApp>[0] = {}): Promise<TestApp> {
  const port = await freePort();
  return startTestApp({ ...opts, port, env: { PUBLIC_URL: `http://127.0.0.1:${port}`, ...opts.env } });
}

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/**
 * fetch + JSON parse, for asserting exactly what a client would see. An answer of a gateway started
 * by startTestApp is first checked against the OpenAPI document it serves: a break throws, failing
 * the test that made the request (test/helpers/answer-checks.ts).
 */
export async function http<T = any>(
  base: string,
  method: string,
  path: string,
  opts: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  } else if (opts.rawBody !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(base + path, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (HTML docs, metrics text)
  }
  checkAnswer(base, { method, path, status: res.status, contentType: res.headers.get('content-type'), body: parsed });
  return { status: res.status, headers: res.headers, body: parsed as T };
}
