import type { Ctx } from '../graph/context';
import { oneOf, required, str } from '../graph/request';
import { listKey } from '../model/store';
import type { GNode } from '../model/types';
import { listEdge, readNode } from './common';

/** `/me/adaccounts` defaults to `id,account_id` (docs/platforms/facebook.md §3). */
export const listAdAccounts = (ctx: Ctx, user: GNode) =>
  listEdge(ctx, listKey.node(user.id, 'adaccounts'), { defaultFields: ['id', 'account_id'] });

export const getAccount = (ctx: Ctx, node: GNode) => readNode(ctx, node);

/** Page access tokens are per caller, so they are filled in at read time. */
const pageTokenExtra = (ctx: Ctx) => (node: GNode, field: string) =>
  node.type === 'page' && field === 'access_token' && ctx.auth.type === 'USER' ? ctx.state.tokens.pageToken(ctx.auth, node.id) : undefined;

/**
 * `/me/accounts` answers with the page token and basics by default (ASSUMED default field set).
 * `is_promotable` and `is_place` are filter parameters of this edge, and `tasks` (the user's role on
 * the page) a field of the edge only: facebook-python-business-sdk facebook_business/adobjects/user.py
 * get_accounts param_types; facebook-nodejs-business-sdk src/objects/page.js Fields has none of the three.
 */
export const listPages = (ctx: Ctx, user: GNode) =>
  listEdge(ctx, listKey.node(user.id, 'accounts'), {
    defaultFields: ['access_token', 'category', 'category_list', 'name', 'id', 'tasks'],
    extra: pageTokenExtra(ctx),
    edgeFields: ['tasks'],
    accept: (n) => {
      const p = ctx.req.params;
      if (str(p, 'is_promotable') === 'true' && !n.data.is_promotable) return false;
      if (str(p, 'is_place') === 'true' && !n.data.is_place) return false;
      return true;
    },
  });

export const getPage = (ctx: Ctx, node: GNode) => readNode(ctx, node, ['id', 'name'], pageTokenExtra(ctx));

export const listPromotePages = (ctx: Ctx, account: GNode) => listEdge(ctx, listKey.account(account.acct!, 'promote_pages'));

export const listBusinesses = (ctx: Ctx, user: GNode) => listEdge(ctx, listKey.node(user.id, 'businesses'), { defaultFields: ['id', 'name'] });

export const getBusiness = (ctx: Ctx, node: GNode) => readNode(ctx, node, ['id', 'name']);

export const listOwnedAdAccounts = (ctx: Ctx, biz: GNode) => {
  const q = str(ctx.req.params, 'search_query')?.toLowerCase();
  return listEdge(ctx, listKey.node(biz.id, 'owned_ad_accounts'), {
    accept: (n) => !q || String(n.data.name).toLowerCase().includes(q) || String(n.data.account_id).includes(q),
  });
};

export const listCatalogs = (ctx: Ctx, biz: GNode) => listEdge(ctx, listKey.node(biz.id, 'owned_product_catalogs'));

export function createCatalog(ctx: Ctx, biz: GNode): unknown {
  const p = ctx.req.params;
  const name = required(p, 'name');
  const vertical = oneOf(p, 'vertical', ['adoptable_pets', 'commerce', 'destinations', 'flights', 'generic', 'home_listings', 'hotels', 'local_service_businesses', 'offer_items', 'offline_commerce', 'transactable_items', 'vehicles']) ?? 'commerce';
  const store = ctx.state.store;
  const node = store.add(
    'productcatalog',
    store.newId('productcatalog'),
    { name, vertical, product_count: 0, feed_count: 0, business: { id: biz.id, name: biz.data.name } },
    { owner: biz.id },
    [listKey.node(biz.id, 'owned_product_catalogs')],
  );
  return { id: node.id };
}

export const getMe = (ctx: Ctx, user: GNode) => readNode(ctx, user, ['id', 'name']);

/** `GET /me/permissions` → `[{permission,status}]`. */
export const listPermissions = (ctx: Ctx) => ({
  data: ctx.auth.scopes.map((permission) => ({ permission, status: 'granted' })),
});

/** `DELETE /me/permissions`: deauthorizes the app; every token of the user for the app dies (190/458). */
export function revokePermissions(ctx: Ctx): unknown {
  const perm = str(ctx.req.params, 'permission');
  if (perm) {
    ctx.auth.scopes = ctx.auth.scopes.filter((s) => s !== perm);
    return { success: true };
  }
  ctx.state.tokens.revokeApp(ctx.user.id, ctx.auth.appId);
  return { success: true };
}
