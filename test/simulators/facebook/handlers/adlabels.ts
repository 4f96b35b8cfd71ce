import type { Ctx } from '../graph/context';
import type { GNode } from '../model/types';
import type { FacebookState } from '../state';
import { errors } from '../graph/errors';
import { pageOffsets } from '../graph/paging';
import { str } from '../graph/request';

/*
 * Ad labels (`/act_{id}/adlabels`), an edge the gateway does not wrap: its proxy reaches it.
 * https://developers.facebook.com/docs/marketing-api/reference/ad-account/adlabels/
 */

interface AdLabel {
  id: string;
  name: string;
  account_id: string;
  created_time: string;
}

const labelsByState = new WeakMap<FacebookState, Map<string, AdLabel[]>>();

function labelsOf(state: FacebookState, acct: string): AdLabel[] {
  let byAccount = labelsByState.get(state);
  if (!byAccount) labelsByState.set(state, (byAccount = new Map()));
  let list = byAccount.get(acct);
  if (!list) {
    // Three seeded labels per account, ids derived from the account so they are stable.
    list = ['Brand', 'Promo', 'Evergreen'].map((name, i) => ({ id: `9${acct.slice(-8)}00${i + 1}`, name, account_id: acct, created_time: '2025-01-0' + (i + 1) + 'T00:00:00+0000' }));
    byAccount.set(acct, list);
  }
  return list;
}

export function listAdLabels(ctx: Ctx, account: GNode): unknown {
  const rows = labelsOf(ctx.state, account.acct!);
  const { from, to, paging } = pageOffsets(ctx.req, rows.length, ctx.state.tunables.maxPageSize);
  return paging ? { data: rows.slice(from, to), paging } : { data: rows.slice(from, to) };
}

export function createAdLabel(ctx: Ctx, account: GNode): unknown {
  const name = str(ctx.req.params, 'name');
  if (!name) throw errors.paramRequired('name');
  const list = labelsOf(ctx.state, account.acct!);
  const label = { id: `9${account.acct!.slice(-8)}${String(list.length + 1).padStart(3, '0')}`, name, account_id: account.acct!, created_time: new Date().toISOString() };
  list.push(label);
  return { id: label.id };
}
