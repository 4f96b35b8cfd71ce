import type { AnyZodObject } from 'zod';
import { DetailQuery, IdParams, ListQuery } from '../../../shared/platforms/facebook/dto/common.dto';
import { graphListSchema, graphObjectSchema } from '../../../shared/platforms/facebook/dto/objects.dto';
import type { GraphObject } from '../../../shared/platforms/facebook/operations/fields';
import type { GraphCall } from '../../../shared/platforms/facebook/operations/graph-call';
import { ACCOUNT_EDGES, accountListCall, detailCall, type AccountEdge } from '../../../shared/platforms/facebook/operations/reads';
import { guardedRoute, type GuardedContext } from '../guarded-route';
import type { RouteSpec } from '../route';
import { readList, readOwned } from './graph-reads';
import { META_READ } from './schemas';

/* The families of Meta reads (lists, details), each a guardedRoute with the Meta read defaults. */

interface Doc {
  path: string;
  operationId: string;
  summary: string;
  /** The success message of the answer (the summary when absent). */
  message?: string;
  description?: string;
}

/** A Graph list of `object`s answered as `{ data, paging }` (ListQuery unless another list query is given). */
export function graphListRoute<P extends AnyZodObject | undefined = undefined, Q extends AnyZodObject = typeof ListQuery>(
  o: Doc & { object: GraphObject; params?: P; query?: Q; call: (ctx: GuardedContext<P, Q, undefined>) => GraphCall },
): RouteSpec {
  const { call, object, ...doc } = o;
  return guardedRoute<P, Q>({
    ...META_READ,
    ...doc,
    query: o.query ?? (ListQuery as unknown as Q),
    response: { schema: graphListSchema(object) },
    handler: (ctx) => readList(ctx, call(ctx), o.message ?? o.summary),
  });
}

/** A list on an edge of the guarded ad account (`/act_{id}/{edge}`). */
export function accountListRoute<Q extends AnyZodObject = typeof ListQuery>(o: Doc & { edge: AccountEdge; query?: Q }): RouteSpec {
  const { edge, ...rest } = o;
  return graphListRoute<undefined, Q>({ ...rest, object: ACCOUNT_EDGES[edge].object, call: ({ account, query }) => accountListCall(account.platformAccountId, edge, query) });
}

/** One object by id; an object whose `account_id` is another ad account answers 404. */
export function objectDetailRoute(o: Doc & { object: GraphObject; label: string }): RouteSpec {
  const { object, label, ...doc } = o;
  return guardedRoute({
    ...META_READ,
    ...doc,
    params: IdParams,
    query: DetailQuery,
    response: { schema: graphObjectSchema(object) },
    handler: async (ctx) => ({ data: await readOwned(ctx, detailCall(ctx.params.id, object, ctx.query.fields, ['account_id']), label, ctx.params.id) }),
  });
}
