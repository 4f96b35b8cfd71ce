import type { Config } from '../../infra/config';
import type { Logger } from '../../infra/logger';
import { redactDeep } from '../../infra/redact';
import type { CallRequest, PlatformCaller } from '../../platforms/core/caller';
import { stableRequestId } from '../../platforms/core/create-once';
import type { CreateClaims, CreateLookupStyle, JobAccount, WriteContext, WriteOperation } from '../../platforms/core/write-operation';
import type { PlatformWriteSafety } from '../../platforms/core/write-safety';

/** A platform request a write would send, as sent (the caller adds the token and app proof, so none is here). */
export interface PlannedRequest {
  method: string;
  path: string;
  query?: unknown;
  body?: unknown;
  /** The platform checked this request in its validate-only mode and accepted it. */
  validated: boolean;
}

export interface DryRunOutcome {
  platformValidated: boolean;
  requests: PlannedRequest[];
  warnings: string[];
}

type Recording = DryRunOutcome & { refusal?: unknown };

/** Stands for the id of an object an earlier request of the same write would create. */
const placeholder = (n: number) => `{{created:${n}}}`;
const PLACEHOLDER_MARK = '{{created:';

/** A later step needs an object only a real run would make: the dry run ends with what it has. */
class DryRunEnd extends Error {}

/**
 * The platform's answer to a write that was not really made: its validation answer where there is
 * one, every other field the operation reads standing for the object that would be created.
 */
function stoodInAnswer(base: unknown, id: string): unknown {
  const target = base && typeof base === 'object' ? (base as Record<string, unknown>) : {};
  return new Proxy(target, {
    get: (t, k) => (typeof k !== 'string' || k === 'then' || k === 'toJSON' || k in t ? Reflect.get(t, k) : id),
  });
}

const planned = (req: CallRequest, validated: boolean): PlannedRequest => ({
  method: req.method,
  path: req.path,
  ...(req.query && Object.keys(req.query).length ? { query: redactDeep(req.query) } : {}),
  ...(req.body !== undefined ? { body: redactDeep(req.body) } : {}),
  validated,
});

/**
 * A caller that reads for real and writes nothing: each write is recorded, sent in the platform's
 * validate-only mode where it has one, and answered with stand-in ids so the operation's later
 * steps can be recorded too.
 */
function recordingCaller(inner: PlatformCaller, safety: PlatformWriteSafety, out: Recording): PlatformCaller {
  const wrap = (c: PlatformCaller): PlatformCaller => ({
    ref: c.ref,
    app: () => c.app(),
    forAccount: (a) => wrap(c.forAccount(a)),
    request: async <T>(req: CallRequest): Promise<T> => {
      const kind = req.kind ?? (req.method === 'GET' ? 'read' : 'write');
      const dependent = JSON.stringify([req.path, req.query, req.body]).includes(PLACEHOLDER_MARK);
      if (kind === 'read') {
        if (dependent) throw new DryRunEnd();
        return c.request<T>(req);
      }
      await req.wire?.onSend();
      const check = dependent ? undefined : safety.validateOnly?.(req);
      const id = placeholder(out.requests.length + 1);
      out.requests.push(planned(req, Boolean(check)));
      if (!check) return stoodInAnswer(undefined, id) as T;
      try {
        return stoodInAnswer(await c.request<unknown>({ ...check, wire: undefined, kind: 'write', idempotent: true }), id) as T;
      } catch (e) {
        out.refusal = e;
        throw e;
      }
    },
  });
  return wrap(inner);
}

/** Claims as a dry run sees them: nothing is held, and nothing it "creates" is kept. */
const noClaims: CreateClaims = { standing: async () => ({ holders: new Map(), pendingOthers: 0 }), claim: async () => true };

function memoryCheckpoints(): WriteContext['checkpoint'] {
  const steps = new Map<string, unknown>();
  return {
    get: async <T>(step: string) => steps.get(step) as T | undefined,
    set: async (step, data) => void steps.set(step, data),
    later: (step, data) => void steps.set(step, data),
  };
}

export interface DryRunInput {
  op: WriteOperation;
  /** The params as the operation's schema parsed them. */
  params: unknown;
  account: JobAccount;
  caller: PlatformCaller;
  safety: PlatformWriteSafety;
  config: Config;
  log: Logger;
  createLookup: CreateLookupStyle;
}

/**
 * Runs the operation as a worker would, against a caller that changes nothing. A platform refusal
 * of a validate-only request, or any check the operation makes, throws as the real write would.
 */
export async function dryRun(input: DryRunInput): Promise<DryRunOutcome> {
  const out: Recording = { platformValidated: false, requests: [], warnings: [] };
  const ctx: WriteContext = {
    jobId: 'dry-run',
    attempt: 1,
    log: input.log,
    account: input.account,
    caller: recordingCaller(input.caller, input.safety, out),
    checkpoint: memoryCheckpoints(),
    config: input.config,
    requestId: (step) => stableRequestId('dry-run', step),
    claims: noClaims,
    createLookup: async () => input.createLookup,
    progress: async () => undefined,
    entities: { upsert: async () => undefined, pruneUnseen: async () => 0 },
  };
  try {
    await input.op.run(ctx, input.params);
  } catch (e) {
    // Before any write, or the platform refusing one, is the answer the real write would give.
    // Later, the operation met an object only a real run would have made: the simulation ends there.
    if (!(e instanceof DryRunEnd) && (!out.requests.length || e === out.refusal)) throw e;
    out.warnings.push('Later steps of this write need objects its first requests would create; they are not shown.');
  }
  if (!out.requests.length && input.op.kind !== 'report') out.warnings.push('This write would send no request to the platform.');
  out.platformValidated = out.requests.length > 0 && out.requests.every((r) => r.validated);
  const unchecked = out.requests.filter((r) => !r.validated).length;
  if (unchecked) out.warnings.push(`${unchecked} of ${out.requests.length} platform request(s) have no validate-only mode on ${input.account.platform}: the gateway's own checks passed, the platform's were not run.`);
  return { platformValidated: out.platformValidated, requests: out.requests, warnings: out.warnings };
}
