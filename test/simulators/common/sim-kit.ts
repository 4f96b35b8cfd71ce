/**
 * Shared control surface for the three platform simulators.
 *
 * Every simulator mounts `control.middleware()` before its platform routes and
 * `control.router()` at `/__sim`. Tests drive faults, latency and budgets over
 * HTTP, exactly as they would against a separate process.
 */
import express, { type Request, type Response, type NextFunction } from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One call a simulator received, as `GET /__sim/calls` returns it: the one declaration every test
 * helper uses. Query values are strings unless the query repeated a name; the body is what the
 * platform route parsed (JSON, or form fields as strings).
 */
export interface SimCall {
  seq: number;
  at: string;
  method: string;
  path: string;
  query: Record<string, any>;
  headers: Record<string, string>;
  body: any;
}

export interface Fault {
  id: number;
  /** Substring of the request path; absent matches every platform path. */
  path?: string;
  method?: string;
  /** How many matching calls it applies to; absent means until cleared. */
  remaining?: number;
  status?: number;
  body?: unknown;
  /** The body as these exact bytes (JSON unless `headers` say otherwise), instead of `body` serialised. */
  text?: string;
  headers?: Record<string, string>;
  latencyMs?: number;
  /** Destroy the socket without answering. */
  drop?: boolean;
  /** Platform-named fault (e.g. 'quota'); rendered by the simulator's faultResponder. */
  kind?: string;
}

/** Turns a fault without an explicit body into the platform's real error response. */
export type FaultResponder = (
  fault: Fault,
  req: Request,
) => { status: number; body: unknown; headers?: Record<string, string> } | undefined;

/** Header and query names whose values the call log must not keep (tests read the log). */
const SECRET_HEADER = /authorization|token|secret|cookie|api-key|appsecret_proof|client_secret|code_verifier/i;

/**
 * Counts calls per key in a sliding one-second window. Its clock can be frozen and moved by hand
 * (`POST /__sim/clock`), so a test of the budget does not depend on how fast the machine runs.
 */
export class RateWindow {
  private readonly hits = new Map<string, number[]>();
  /** The frozen time, when the clock is frozen. */
  private frozenAt?: number;
  now(): number {
    return this.frozenAt ?? Date.now();
  }
  /** Freezes the clock (at the current time unless already frozen) and moves it on by `advanceMs`. */
  freeze(advanceMs = 0): number {
    this.frozenAt = this.now() + advanceMs;
    return this.frozenAt;
  }
  unfreeze(): void {
    this.frozenAt = undefined;
  }
  hit(key: string, now = this.now()): number {
    const arr = (this.hits.get(key) ?? []).filter((t) => now - t < 1000);
    arr.push(now);
    this.hits.set(key, arr);
    return arr.length;
  }
  count(key: string, now = this.now()): number {
    return (this.hits.get(key) ?? []).filter((t) => now - t < 1000).length;
  }
  reset(): void {
    this.hits.clear();
    this.frozenAt = undefined;
  }
}

export interface SimBudget {
  /** Calls per second allowed per ad account; 0 or absent = unlimited. */
  perAccountPerSecond?: number;
}

export class SimControl {
  calls: SimCall[] = [];
  faults: Fault[] = [];
  latencyMs = 0;
  budget: SimBudget = {};
  /** Throttling errors the simulator sent (rate-limit fidelity benchmarks read this). */
  throttled = 0;
  readonly window = new RateWindow();
  private seq = 0;
  private faultSeq = 0;
  /** Bound calls kept in memory, so long benchmarks stay flat. */
  maxCalls = 5000;
  /** Optional: platform-shaped bodies for faults given only a status or a kind. */
  faultResponder?: FaultResponder;

  constructor(private readonly onReset: () => void = () => undefined) {}

  /** Logs the call and applies latency and faults. Mount before platform routes. */
  middleware() {
    return async (req: Request, res: Response, next: NextFunction) => {
      if (req.path.startsWith('/__sim')) return next();
      this.record(req);
      const fault = this.takeFault(req);
      const delay = (fault?.latencyMs ?? 0) + this.latencyMs;
      // The platform finishes a call whose caller hung up (a create still happens); unref'd, so a delay
      // still pending when the tests end does not keep the process alive.
      if (delay > 0) await new Promise((r) => setTimeout(r, delay).unref());
      if (fault?.drop) {
        req.socket.destroy();
        return;
      }
      if (fault?.text !== undefined) {
        res.set({ 'content-type': 'application/json; charset=utf-8', ...fault.headers });
        res.status(fault.status ?? 200).send(Buffer.from(fault.text));
        return;
      }
      if (fault && fault.body === undefined && (fault.kind !== undefined || fault.status !== undefined) && this.faultResponder) {
        const r = this.faultResponder(fault, req);
        if (r) {
          res.set({ ...r.headers, ...fault.headers });
          res.status(fault.status ?? r.status).json(r.body);
          return;
        }
      }
      if (fault && (fault.status !== undefined || fault.body !== undefined)) {
        if (fault.headers) res.set(fault.headers);
        res.status(fault.status ?? 200).json(fault.body ?? {});
        return;
      }
      next();
    };
  }

  router() {
    const r = express.Router();
    r.post('/faults', (req, res) => {
      const b = (req.body ?? {}) as Partial<Fault> & { count?: number };
      const fault: Fault = { ...b, id: ++this.faultSeq, remaining: b.count ?? b.remaining };
      this.faults.push(fault);
      res.status(201).json({ id: fault.id });
    });
    r.delete('/faults', (_req, res) => {
      this.faults = [];
      res.status(204).end();
    });
    r.post('/latency', (req, res) => {
      this.latencyMs = Number((req.body as { ms?: number })?.ms ?? 0);
      res.json({ latencyMs: this.latencyMs });
    });
    r.post('/budget', (req, res) => {
      this.budget = (req.body ?? {}) as SimBudget;
      this.window.reset();
      res.json(this.budget);
    });
    r.post('/clock', (req, res) => {
      const b = (req.body ?? {}) as { frozen?: boolean; advanceMs?: number };
      if (b.frozen === false) this.window.unfreeze();
      else this.window.freeze(Number(b.advanceMs ?? 0));
      res.json({ now: this.window.now(), frozen: b.frozen !== false });
    });
    r.post('/reset', (_req, res) => {
      this.reset();
      res.status(204).end();
    });
    r.get('/calls', (req, res) => {
      const path = typeof req.query.path === 'string' ? req.query.path : undefined;
      const since = Number(req.query.since ?? 0);
      res.json({
        calls: this.calls.filter((c) => c.seq > since && (!path || c.path.includes(path))),
      });
    });
    r.delete('/calls', (_req, res) => {
      this.calls = [];
      res.status(204).end();
    });
    r.get('/stats', (_req, res) => {
      res.json({ calls: this.seq, throttled: this.throttled });
    });
    return r;
  }

  reset(): void {
    this.calls = [];
    this.faults = [];
    this.latencyMs = 0;
    this.budget = {};
    this.throttled = 0;
    this.window.reset();
    this.onReset();
  }

  /**
   * Counts a call against an account's per-second budget.
   * Returns true when the call is over budget (the simulator must answer with its throttling error).
   */
  overBudget(accountKey: string): boolean {
    const limit = this.budget.perAccountPerSecond;
    if (!limit) return false;
    const n = this.window.hit(accountKey);
    if (n > limit) {
      this.throttled++;
      return true;
    }
    return false;
  }

  private record(req: Request): void {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (SECRET_HEADER.test(k)) headers[k] = '[present]';
      else if (typeof v === 'string') headers[k] = v;
    }
    this.calls.push({
      seq: ++this.seq,
      at: new Date().toISOString(),
      method: req.method,
      path: req.path,
      query: Object.fromEntries(
        Object.entries(req.query as Record<string, unknown>).map(([k, v]) => [k, SECRET_HEADER.test(k) ? '[present]' : v]),
      ),
      headers,
      body: req.body,
    });
    if (this.calls.length > this.maxCalls) this.calls.splice(0, this.calls.length - this.maxCalls);
  }

  private takeFault(req: Request): Fault | undefined {
    const idx = this.faults.findIndex(
      (f) => (!f.path || req.path.includes(f.path)) && (!f.method || f.method.toUpperCase() === req.method),
    );
    if (idx < 0) return undefined;
    const fault = this.faults[idx]!;
    if (fault.remaining !== undefined) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.faults.splice(idx, 1);
    }
    return fault;
  }
}

export interface RunningSim {
  baseUrl: string;
  port: number;
  close(): Promise<void>;
}

/** Starts an express app on the given port (0 = any free port) on loopback. */
export function listen(app: express.Express, port = 0, host = '127.0.0.1'): Promise<RunningSim> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(app);
    server.keepAliveTimeout = 65_000;
    server.once('error', reject);
    server.listen(port, host, () => {
      const addr = server.address() as AddressInfo;
      resolve({
        baseUrl: `http://${host}:${addr.port}`,
        port: addr.port,
        close: () =>
          new Promise<void>((res) => {
            server.closeAllConnections();
            server.close(() => res());
          }),
      });
    });
  });
}

/** Deterministic PRNG (mulberry32) so seeded data is identical on every run. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
