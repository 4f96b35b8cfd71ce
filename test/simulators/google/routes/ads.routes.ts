/** The Ads REST surface: /vNN/customers… dispatch, version check, error rendering (docs/platforms/google.md §3, §4, §7, §8). */
import type { NextFunction, Request, Response } from 'express';
import type { SimContext } from '../context';
import { AdsError, errorBody, newRequestId, requestErr, RpcError } from '../errors';
import { authenticate } from './access';
import { mutateBudgets } from './budget-mutate.handler';
import { mutateCampaigns } from './mutate.handler';
import { search, searchStream } from './search.handler';

type Handler = (ctx: SimContext, req: Request, res: Response, m: RegExpExecArray, version: number, label: string, requestId: string) => unknown;

const ROUTES: Array<{ method: string; re: RegExp; rpc: string; run: Handler }> = [
  {
    method: 'GET',
    re: /^\/(v\d+)\/customers:listAccessibleCustomers$/,
    rpc: 'CustomerService.ListAccessibleCustomers',
    run: (ctx, req, res) => {
      const user = authenticate(ctx, req, 'google.ads.googleads.CustomerService.ListAccessibleCustomers');
      return res.json({ resourceNames: user.customerIds.map((id) => `customers/${id}`) });
    },
  },
  {
    method: 'POST',
    re: /^\/(v\d+)\/customers\/([^/]+)\/googleAds:search$/,
    rpc: 'GoogleAdsService.Search',
    run: (ctx, req, res, m, v) => search(ctx, req, res, authenticate(ctx, req, 'GoogleAdsService.Search'), v, m[2]!),
  },
  {
    method: 'POST',
    re: /^\/(v\d+)\/customers\/([^/]+)\/googleAds:searchStream$/,
    rpc: 'GoogleAdsService.SearchStream',
    run: (ctx, req, res, m, v, _l, rid) => searchStream(ctx, req, res, authenticate(ctx, req, 'GoogleAdsService.SearchStream'), v, m[2]!, rid),
  },
  {
    method: 'POST',
    re: /^\/(v\d+)\/customers\/([^/]+)\/campaigns:mutate$/,
    rpc: 'CampaignService.MutateCampaigns',
    run: (ctx, req, res, m, v, l, rid) => mutateCampaigns(ctx, req, res, authenticate(ctx, req, 'CampaignService.MutateCampaigns'), v, l, m[2]!, rid),
  },
  {
    method: 'POST',
    re: /^\/(v\d+)\/customers\/([^/]+)\/campaignBudgets:mutate$/,
    rpc: 'CampaignBudgetService.MutateCampaignBudgets',
    run: (ctx, req, res, m, _v, l, rid) => mutateBudgets(ctx, req, res, authenticate(ctx, req, 'CampaignBudgetService.MutateCampaignBudgets'), l, m[2]!, rid),
  },
];

export function sendError(res: Response, label: string, err: AdsError | RpcError, requestId: string): void {
  res.status(err.httpStatus).json(errorBody(label, err, requestId));
}

export function adsDispatcher(ctx: SimContext) {
  return (req: Request, res: Response, next: NextFunction) => {
    const vm = /^\/(v\d+)\//.exec(req.path);
    if (!vm) return next();
    const label = vm[1]!;
    const version = Number(label.slice(1));
    // A version removed after its sunset is not routed: Google's front end answers a bare text 404.
    if (version < ctx.settings.goneBelow) return void res.status(404).type('text/plain').send('Not Found');
    const requestId = newRequestId();
    res.set('request-id', requestId);
    try {
      const route = ROUTES.find((r) => r.method === req.method && r.re.test(req.path));
      if (!route) {
        return sendError(res, label, new RpcError(404, `Method not found: ${req.method} ${req.path}`), requestId);
      }
      if (version < ctx.settings.minVersion) throw requestErr('UNSUPPORTED_VERSION', `Version ${label} is not supported.`);
      route.run(ctx, req, res, route.re.exec(req.path)!, version, label, requestId);
    } catch (e) {
      if (e instanceof AdsError || e instanceof RpcError) return sendError(res, label, e, requestId);
      return next(e);
    }
  };
}
