import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/openapi';
import { outcomeOf, pollJob, type Job, type JobAccepted, type WaitOptions } from './jobs';
import { paginate } from './paging';
import { proxy, type ProxyEnvelope, type ProxyMethod, type ProxyPlatform, type ProxyRequest } from './proxy';
import { unwrap, type ApiResult, type DataOf } from './results';
import { requestHeaders, retryingFetch, type AuthSource } from './transport';

export interface GatewayClientOptions {
  /** The gateway's origin, e.g. `https://gateway.example.com`. */
  baseUrl: string;
  /** The credential, or a function returning it per request (for tokens that get refreshed). */
  auth?: AuthSource;
  /** Makes the Idempotency-Key of each write that takes one (unless the call sets its own); `false` sends none. Default `crypto.randomUUID()`. */
  idempotencyKey?: (() => string) | false;
  /** Further attempts of a GET or keyed write after a network error, 429 or 503. Default 2. */
  maxRetries?: number;
  /** Longer Retry-After values are returned to the caller rather than waited out. Default 10 000 ms. */
  maxRetryDelayMs?: number;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** The fetch to send with. Default `globalThis.fetch`. */
  fetch?: (request: Request) => Promise<Response>;
}

export interface GatewayHelpers {
  /** The envelope's `data` of a call, or a thrown GatewayError. */
  unwrap<E>(call: Promise<ApiResult<E>>): Promise<DataOf<E>>;
  /**
   * The outcome of a write or import: its 200 `data`, or after a 202 the job's result once it
   * completes (polling the job, honouring Retry-After). A failed job throws GatewayError; a wait
   * that times out or is aborted throws JobPendingError. Given a job id, waits for that job.
   */
  waitForJob<E>(call: Promise<ApiResult<E>>, options?: WaitOptions): Promise<Outcome<E>>;
  waitForJob(jobId: string, options?: WaitOptions): Promise<Job>;
  /** Every item of a paged list; see PagedData for the shapes it follows. */
  paginate: typeof paginate;
  /**
   * Any endpoint of a platform's API through the gateway's passthrough proxy (docs/proxy.md), e.g.
   * `proxy('facebook', 'GET', 'act_1/adlabels')`. Reads answer the platform's JSON as `data`;
   * writes run as jobs, sent at most once, so `waitForJob` gives their outcome.
   */
  proxy(platform: ProxyPlatform, method: ProxyMethod, path: string, request?: ProxyRequest): Promise<ApiResult<ProxyEnvelope>>;
  /** The same client acting with another credential. */
  withAuth(auth: AuthSource): GatewayClient;
}

export type GatewayClient = Client<paths> & GatewayHelpers;

/** What a write answers to `dryRun=true`: never the outcome of a write that ran. */
type DryRunData = { valid: true; platformValidated: boolean };

/** The `data` of an operation's 200 answer (its envelopes minus the 202 one, and minus the dry-run answer). */
export type Outcome<E> = Exclude<DataOf<Exclude<E, { data: JobAccepted }>>, DryRunData>;

/** A typed client of the gateway (openapi-fetch's GET/POST/… on the generated paths) with the helpers above. */
export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const send = options.fetch ?? ((r: Request) => globalThis.fetch(r));
  const api = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: options.headers,
    fetch: retryingFetch(send, { maxRetries: options.maxRetries ?? 2, maxRetryDelayMs: options.maxRetryDelayMs ?? 10_000 }),
  });
  api.use(requestHeaders(options.auth, options.idempotencyKey ?? (() => crypto.randomUUID())));

  // The job's `result` is what the 200 would have carried; the overloads give it that type.
  function waitForJob<E>(call: Promise<ApiResult<E>>, o?: WaitOptions): Promise<Outcome<E>>;
  function waitForJob(jobId: string, o?: WaitOptions): Promise<Job>;
  async function waitForJob(target: string | Promise<ApiResult<unknown>>, o: WaitOptions = {}): Promise<unknown> {
    return typeof target === 'string' ? pollJob(api, target, 0, o) : outcomeOf(api, target, o);
  }

  const helpers: GatewayHelpers = {
    unwrap,
    waitForJob,
    paginate,
    proxy: (platform, method, path, request) => proxy(api, platform, method, path, request),
    withAuth: (auth) => createGatewayClient({ ...options, auth }),
  };
  return Object.assign(api, helpers);
}
