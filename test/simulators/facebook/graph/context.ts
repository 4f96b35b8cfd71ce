import type { TokenRecord } from '../auth/tokens';
import type { GNode, SimUser } from '../model/types';
import type { FacebookState } from '../state';
import type { GraphReq } from './request';
import type { Bucket, UsageMeter } from './usage';

export interface Ctx {
  state: FacebookState;
  req: GraphReq;
  auth: TokenRecord;
  user: SimUser;
  meter: UsageMeter;
}

export type Handler = (ctx: Ctx, node: GNode) => unknown;

/** Permission a route needs from the token (docs/platforms/facebook.md §2 scopes; errors 200/294). */
export type Perm = 'ads_read' | 'ads_write' | 'business' | 'page_token' | 'none';

export interface Route {
  handler: Handler;
  perm?: Perm;
  /** Usage bucket charged; defaults to ads_management. */
  bucket?: Bucket;
}

export interface NodeRoutes {
  get?: Route;
  post?: Route;
  delete?: Route;
  edges?: Record<string, { get?: Route; post?: Route; delete?: Route }>;
}

export const route = (handler: Handler, perm: Perm = 'ads_read', bucket?: Bucket): Route => ({ handler, perm, bucket });
