import { GatewayError, isObject } from './errors';

/**
 * What every openapi-fetch call resolves to (its `FetchResponse`), for any answer type. Typed so that
 * checking `error` tells the two apart; an error answer without a body has `error: undefined` at run
 * time, hence successOf also checks `response.ok`.
 */
export type ApiResult<T> = { data: T; error?: never; response: Response } | { data?: never; error: NonNullable<unknown> | null; response: Response };

/** The answer of a successful call, or a GatewayError for any error answer. */
export async function successOf<T>(call: Promise<ApiResult<T>>): Promise<{ data: T; response: Response }> {
  const r = await call;
  if (r.error !== undefined || !r.response.ok) throw GatewayError.fromResponse(r.response, r.error);
  return { data: r.data, response: r.response };
}

/** The `data` of an envelope type (of each, for a union of answers). */
export type DataOf<E> = E extends { data: infer D } ? D : never;

/** The envelope's `data` of a successful call; throws GatewayError for an error answer. */
export function unwrap<E>(call: Promise<ApiResult<E>>): Promise<DataOf<E>>;
export async function unwrap(call: Promise<ApiResult<unknown>>): Promise<unknown> {
  const { data } = await successOf(call);
  return isObject(data) ? data.data : undefined;
}
