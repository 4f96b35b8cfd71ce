import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TokenRecord } from '../auth/tokens';
import { SCHEMA } from '../model/schema';
import type { GNode } from '../model/types';
import type { FacebookState } from '../state';
import { canAccess, pageOf } from './access';
import type { Ctx, NodeRoutes, Route } from './context';
import { errors, GraphError } from './errors';
import { str, type GraphReq, type GraphRes } from './request';
import type { UsageMeter } from './usage';

export interface Env {
  state: FacebookState;
  meter: UsageMeter;
  routes: Partial<Record<GNode['type'], NodeRoutes>>;
  /** Root paths without a token (`oauth/access_token`, `debug_token`). */
  publicRoots: Record<string, (req: GraphReq) => unknown>;
  /** Root paths that need a token but no node (`search`, `dataset_quality`); may name the node charged. */
  tokenRoots: Record<string, Route & { node?: (ctx: Ctx) => GNode | undefined }>;
}

const JSON_TYPE = 'application/json; charset=UTF-8';

export function dispatch(env: Env, req: GraphReq): GraphRes {
  const headers: Record<string, string> = {
    'content-type': JSON_TYPE,
    'facebook-api-version': req.version || env.state.tunables.oldestVersion,
  };
  try {
    const body = run(env, req, headers);
    return { status: 200, body, headers };
  } catch (e) {
    if (e instanceof GraphError) return { status: e.status, body: e.toJSON(), headers: { ...headers, ...e.headers } };
    throw e;
  }
}

function run(env: Env, req: GraphReq, headers: Record<string, string>): unknown {
  const { state } = env;
  const [root, edge, ...rest] = req.segments;
  if (!root) throw errors.unsupported(req.method, '');
  const pub = env.publicRoots[root];
  if (pub) return pub(req);

  const auth = state.tokens.validate(req.token);
  checkAppSecretProof(state, req, auth);
  const user = state.userById(auth.userId);
  if (!user) throw errors.tokenInvalid(467);
  const ctx: Ctx = { state, req, auth, user, meter: env.meter };

  const special = env.tokenRoots[root];
  if (special) {
    const charged = special.node?.(ctx);
    authorize(ctx, special, charged);
    charge(ctx, special, charged, headers);
    return special.handler(ctx, charged ?? state.store.get(user.id)!);
  }

  const node = root === 'me' ? state.store.get(user.id) : state.store.get(root);
  if (!node || !canAccess(state, user, node)) throw errors.unsupported(req.method, root);
  if (rest.length) throw errors.unknownPath(`/${rest.join('/')}`);
  const nodeRoutes = env.routes[node.type] ?? {};
  const method = req.method.toLowerCase() as 'get' | 'post' | 'delete';
  let r: Route | undefined;
  if (edge) {
    const e = nodeRoutes.edges?.[edge];
    if (!e) {
      if (req.method === 'GET') throw errors.nonexistingField(edge, graphNameOf(node));
      throw errors.unsupported(req.method, root);
    }
    r = e[method];
  } else r = nodeRoutes[method];
  if (!r) throw errors.unsupported(req.method, root);
  authorize(ctx, r, node);
  charge(ctx, r, node, headers);
  return r.handler(ctx, node);
}

function graphNameOf(node: GNode): string {
  return SCHEMA[node.type].graphName;
}

function authorize(ctx: Ctx, r: Route, node: GNode | undefined): void {
  const scopes = ctx.auth.scopes;
  switch (r.perm ?? 'ads_read') {
    case 'ads_read':
      if (!scopes.includes('ads_read') && !scopes.includes('ads_management')) throw errors.adsPermission();
      break;
    case 'ads_write':
      if (!scopes.includes('ads_management')) throw errors.needsAdsManagement();
      break;
    case 'business':
      if (!scopes.includes('business_management')) throw errors.requiresPermission('business_management');
      break;
    case 'page_token': {
      if (ctx.auth.type !== 'PAGE') throw errors.pageTokenRequired();
      const page = node && pageOf(ctx.state, node);
      if (page && page !== ctx.auth.pageId) throw errors.unsupported(ctx.req.method, node!.id);
      if (!scopes.includes('pages_manage_ads')) throw errors.requiresPermission('pages_manage_ads');
      break;
    }
    case 'none':
      break;
  }
}

function charge(ctx: Ctx, r: Route, node: GNode | undefined, headers: Record<string, string>): void {
  const page = node ? pageOf(ctx.state, node) : undefined;
  const outcome = ctx.meter.charge({
    appId: ctx.auth.appId,
    userId: ctx.user.id,
    accountKey: node?.acct ?? page,
    bucket: r.bucket ?? (page ? 'pages' : 'ads_management'),
  });
  Object.assign(headers, outcome.headers);
  if (outcome.error) throw outcome.error;
}

/** Validates appsecret_proof when given (legacy HMAC(token) or HMAC(token|time)), or when required. */
function checkAppSecretProof(state: FacebookState, req: GraphReq, auth: TokenRecord): void {
  const proof = str(req.params, 'appsecret_proof');
  const app = state.apps.get(auth.appId);
  if (!proof) {
    if (state.tunables.requireAppSecretProof || app?.requireAppSecretProof) throw errors.appSecretProofMissing();
    return;
  }
  if (!app?.secret) return;
  const time = str(req.params, 'appsecret_time');
  if (time && Math.abs(Date.now() / 1000 - Number(time)) > 300) throw errors.appSecretProofInvalid();
  const expected = createHmac('sha256', app.secret).update(time ? `${auth.token}|${time}` : auth.token).digest('hex');
  const ok = expected.length === proof.length && timingSafeEqual(Buffer.from(expected), Buffer.from(proof));
  if (!ok) throw errors.appSecretProofInvalid();
}
