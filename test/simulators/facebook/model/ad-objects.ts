import type { FacebookState } from '../state';
import { adObjectLists, listKey } from './store';
import type { GNode, NodeType } from './types';

/** Graph time format: `2024-01-01T10:00:00+0000`, or with an account offset like `-0700`. */
export function fbTime(ms: number, offsetHours = 0): string {
  const d = new Date(ms + offsetHours * 3600_000);
  const sign = offsetHours < 0 ? '-' : '+';
  const abs = Math.abs(offsetHours);
  const off = `${sign}${String(Math.floor(abs)).padStart(2, '0')}${String(Math.round((abs % 1) * 60)).padStart(2, '0')}`;
  return d.toISOString().replace(/\.\d{3}Z$/, off);
}

export function accountOffset(state: FacebookState, acct: string): number {
  return Number(state.store.get(`act_${acct}`)?.data.timezone_offset_hours_utc ?? 0);
}

/** Adds an account-scoped object and puts it on every edge it belongs to. */
export function addAccountObject(state: FacebookState, type: NodeType, acct: string, data: Record<string, unknown>, id?: string): GNode {
  const store = state.store;
  const nodeId = id ?? store.newId(type);
  const withAccount = type === 'adspixel' || type === 'savedaudience' ? data : { account_id: acct, ...data };
  const node = store.add(type, nodeId, withAccount, { acct });
  for (const key of adObjectLists(node)) store.list(key).push(node);
  if (type === 'savedaudience') store.list(listKey.account(acct, 'saved_audiences')).push(node);
  return node;
}

export function touch(node: GNode, at = Date.now()): void {
  node.data.updated_time = fbTime(at);
}
