import { GatewayError } from './errors';
import type { ApiResult } from './results';

/** Decides whether to confirm a write the tenant's guardrails asked about (the error names the actions in `details`). */
export type ConfirmDecision = (required: GatewayError) => boolean | Promise<boolean>;

/**
 * Sends a write; when the gateway answers 409 CONFIRMATION_REQUIRED and `approve` agrees, sends the
 * same request again with `Confirm: <token>`, once. `send` must build the identical request each
 * time (same path, query and body): the token is bound to it. Without approval, or when the answer
 * is anything else, the first answer is returned as it came.
 */
export async function confirmed<E>(send: (headers: Record<string, string>) => Promise<ApiResult<E>>, approve: ConfirmDecision = () => true): Promise<ApiResult<E>> {
  const first = await send({});
  if (first.response.status !== 409 || first.error === undefined) return first;
  const err = GatewayError.fromResponse(first.response, first.error);
  if (err.code !== 'CONFIRMATION_REQUIRED' || !err.confirmToken || !(await approve(err))) return first;
  return send({ Confirm: err.confirmToken });
}
