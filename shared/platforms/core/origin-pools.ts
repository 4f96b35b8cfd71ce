import { Pool } from 'undici';
import type { PlatformRequest } from './types';

/** Connections per origin for the platform's calls other than fan-outs. */
const CONNECTIONS = 64;

export interface OriginPoolOptions {
  connectTimeoutMs: number;
  responseTimeoutMs: number;
  /** Connections per origin for fan-out calls (PlatformRequest.lane), apart from the others'. */
  fanOutConnections?: number;
}

/**
 * The keep-alive undici pools of one platform client, per origin and lane. A fan-out's calls have
 * pools of their own: a fan-out that runs all its accounts at once then never makes another call
 * queue behind it for a connection.
 */
export class OriginPools {
  private readonly calls = new Map<string, Pool>();
  private readonly fanOuts = new Map<string, Pool>();

  constructor(private readonly opts: OriginPoolOptions) {}

  get(origin: string, lane?: PlatformRequest['lane']): Pool {
    const pools = lane === 'fan-out' ? this.fanOuts : this.calls;
    let p = pools.get(origin);
    if (!p) {
      p = new Pool(origin, {
        connections: lane === 'fan-out' ? (this.opts.fanOutConnections ?? CONNECTIONS) : CONNECTIONS,
        keepAliveTimeout: 30_000,
        connect: { timeout: this.opts.connectTimeoutMs },
        headersTimeout: this.opts.responseTimeoutMs,
        bodyTimeout: this.opts.responseTimeoutMs,
      });
      pools.set(origin, p);
    }
    return p;
  }

  async close(): Promise<void> {
    const all = [...this.calls.values(), ...this.fanOuts.values()];
    await Promise.all(all.map((p) => p.close().catch(() => undefined)));
  }
}
