import { z } from 'zod';
import { AppError, isAppError } from '../../errors/app-error';
import { jobDisposition } from '../../errors/job-disposition';
import { withPlatformError, type ProxyRules } from './proxy-rules';
import { defineWriteOperation, type WriteOperation } from './write-operation';

/*
 * A write through the passthrough proxy (docs/proxy.md "Writes"): the method, path, query and body
 * the api checked (ownership, path rules), sent as a job through the same caller as every write.
 * The gateway cannot know whether an unknown endpoint is idempotent, so the request is sent at most
 * once: once it may have reached the platform it is never sent again, by this run or a later one.
 */

export const ProxyWriteParams = z
  .object({
    method: z.enum(['POST', 'PATCH', 'DELETE']),
    /** Below the platform's versioned base, as the caller sent it (checked by `proxyPathSegments`). */
    path: z.string().min(1).max(1100),
    query: z.record(z.unknown()),
    body: z.unknown().optional(),
    /** The bounded metrics label (`POST proxy:act_:id`). */
    operation: z.string().max(120),
  })
  .strict();
export type ProxyWriteParams = z.infer<typeof ProxyWriteParams>;

const STEP = 'proxy-send';

/** `sentAt`: the request went on the wire (the outcome is the platform's); cleared when the platform refused it for its rate limit. */
interface SendMark {
  sentAt?: number;
}

const mayHaveReached = (cause?: AppError) =>
  new AppError(
    'CREATE_UNCONFIRMED',
    `The proxied write may have reached the platform${cause ? ` (${cause.code}: ${cause.message})` : ' on an earlier attempt'}, and its outcome is not known. The proxy sends a write at most once: check the platform before sending it again.`,
    { details: cause?.details ?? [], ...(cause?.platform !== undefined ? { platform: cause.platform } : {}) },
  );

/** The proxy's write operation of one platform (`<platform>.proxyWrite`), listed with the platform's own. */
export function proxyWriteOperation(platform: string, rules: ProxyRules): WriteOperation {
  return defineWriteOperation({
    name: `${platform}.proxyWrite`,
    platform,
    // Repeating it is never the job's choice (see `run`); `update` only says no create lookup applies.
    kind: 'update',
    params: ProxyWriteParams,
    // The gateway cannot tell what an unknown endpoint does: any proxied write may start delivery, so a
    // tenant that confirms activations confirms every proxied write (docs/proxy.md "Guardrails").
    spend: () => ({ activates: true }),
    async run(ctx, p) {
      const mark = await ctx.checkpoint.get<SendMark>(STEP);
      if (mark?.sentAt) throw mayHaveReached();
      let sent = false;
      try {
        return await ctx.caller.request({
          method: p.method,
          path: p.path,
          query: p.query,
          body: p.body,
          kind: 'write',
          operation: p.operation,
          passthrough: { maxResponseBytes: ctx.config.PROXY_MAX_RESPONSE_BYTES },
          wire: {
            onSend: async () => {
              sent = true;
              await ctx.checkpoint.set(STEP, { sentAt: Date.now() } satisfies SendMark);
            },
            onSettled: async () => undefined,
          },
        });
      } catch (e) {
        withPlatformError(e, rules);
        if (!sent || !isAppError(e)) throw e;
        // Refused for its rate limit before anything was done (the HTTP client's own reading): it may go again later.
        if (e.code === 'PLATFORM_RATE_LIMITED') {
          await ctx.checkpoint.set(STEP, {} satisfies SendMark);
          throw e;
        }
        // An error a retry could pass (a 5xx, a timeout) leaves the outcome unknown: never resent.
        if (jobDisposition(e.code) === 'retry') throw mayHaveReached(e);
        throw e;
      }
    },
  });
}
