import type { AnyZodObject } from 'zod';
import { DetailQuery, IdParams, ListQuery } from '../../../shared/platforms/facebook/dto/common.dto';
import { graphListSchema, graphObjectSchema } from '../../../shared/platforms/facebook/dto/objects.dto';
import type { GraphObject } from '../../../shared/platforms/facebook/operations/fields';
import type { GraphCall } from '../../../shared/platforms/facebook/operations/graph-call';
import { ACCOUNT_EDGES, accountListCall, detailCall, type AccountEdge } from '../../../shared/platforms/facebook/operations/reads';
import { defineRoute, type HandlerContext, type RouteSpec } from '../route';
import { READ_ERRORS, TAGS, account, guardQuery, readList, readOwned } from './support';

/** What differs between two guarded Meta reads; the rest (auth, guard, errors, tag) is the same for all. */
type ReadSpec<P extends AnyZodObject | undefined, Q extends AnyZodObject> = Omit<RouteSpec<P, Q, undefined>, 'method' | 'tags' | 'auth' | 'errors' | 'before'>;

interface Doc {
  path: string;
  operationId: string;
  /** Also the success message of the answer. */
  summary: string;
  description?: string;
}

/** A GET of the Meta surface: external caller, ad account named in the query and guarded before the handler. */
export function guardedReadRoute<P extends AnyZodObject | undefined = undefined, Q extends AnyZodObject = AnyZodObject>(spec: ReadSpec<P, Q>): RouteSpec {
  return defineRoute<P, Q, undefined>({ method: 'get', tags: TAGS, auth: 'external', errors: READ_ERRORS, before: guardQuery(), ...spec });
}

/** A Graph list of `object`s answered as `{ data, paging }` (ListQuery unless another list query is given). */
export function graphListRoute<P extends AnyZodObject | undefined = undefined, Q extends AnyZodObject = typeof ListQuery>(
  o: Doc & { object: GraphObject; params?: P; query?: Q; call: (ctx: HandlerContext<P, Q, undefined>) => GraphCall },
): RouteSpec {
  const { call, object, ...doc } = o;
  return guardedReadRoute<P, Q>({
    ...doc,
    query: o.query ?? (ListQuery as unknown as Q),
    response: { schema: graphListSchema(object) },
    handler: (ctx) => readList(ctx.req, call(ctx), o.summary),
  });
}

/** A list on an edge of the guarded ad account (`/act_{id}/{edge}`). */
export function accountListRoute<Q extends AnyZodObject = typeof ListQuery>(o: Doc & { edge: AccountEdge; query?: Q }): RouteSpec {
  const { edge, ...rest } = o;
  return graphListRoute<undefined, Q>({ ...rest, object: ACCOUNT_EDGES[edge].object, call: ({ req, query }) => accountListCall(account(req).platformAccountId, edge, query) });
}

/** One object by id; an object whose `account_id` is another ad account answers 404. */
export function objectDetailRoute(o: Doc & { object: GraphObject; label: string }): RouteSpec {
  const { object, label, ...doc } = o;
  return guardedReadRoute({
    ...doc,
    params: IdParams,
    query: DetailQuery,
    response: { schema: graphObjectSchema(object) },
    handler: async ({ req, params, query }) => ({
      data: await readOwned(req, detailCall(params.id, object, query.fields, ['account_id']), label, params.id),
    }),
  });
}
