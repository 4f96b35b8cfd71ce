import { AppError } from '../../../shared/errors/app-error';
import { graphCaller } from '../../../shared/platforms/facebook/operations/caller';
import { accountOf } from '../../../shared/platforms/facebook/operations/reads';
import { toGatewayList, type GraphCall, type GraphList } from '../../../shared/platforms/facebook/operations/graph-call';
import type { GuardedContext } from '../guarded-route';
import type { RouteResult } from '../route';

/* Meta reads on a guarded route's caller (reads never queue: they are the hot path). */

type Guarded = Pick<GuardedContext, 'account' | 'caller'>;

/** A direct Graph read over the guarded account's caller. */
export const read = <T = Record<string, unknown>>({ caller }: Pick<GuardedContext, 'caller'>, call: GraphCall) => graphCaller(caller).call<T>(call, { kind: 'read' });

/** A Graph list answered as the gateway's `{ data, paging }`. */
export async function readList(g: Pick<GuardedContext, 'caller'>, call: GraphCall, message: string): Promise<RouteResult> {
  return { data: toGatewayList(await read<GraphList>(g, call)), message };
}

export const notInAccount = ({ account }: Pick<GuardedContext, 'account'>, what: string, id: string) =>
  new AppError('NOT_FOUND', `${what} ${id} was not found in ad account act_${account.platformAccountId}`);

/**
 * Reads an object and checks it belongs to the guarded account (its `account_id`): an object of
 * another account answers 404, as if it did not exist.
 */
export async function readOwned(g: Guarded, call: GraphCall, what: string, id: string): Promise<Record<string, unknown>> {
  const obj = await read(g, call);
  const owner = accountOf(obj);
  if (owner !== null && owner !== g.account.platformAccountId) throw notInAccount(g, what, id);
  return obj;
}
