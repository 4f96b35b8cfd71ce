/**
 * TikTok API for Business (Marketing API v1.3) simulator. See README.md beside this file for the
 * seeded users and accounts, and docs/platforms/tiktok.md for the facts it follows.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { SimControl, listen, type RunningSim } from '../common/sim-kit';
import { DEFAULT_SETTINGS, type SimDeps } from './ctx';
import { authRoutes, portalRouter } from './routes/auth.routes';
import { pixelRoutes } from './routes/pixel.routes';
import { dmpRoutes } from './routes/dmp.routes';
import { readRoutes } from './routes/read.routes';
import { reportRoutes } from './routes/report.routes';
import { smartPlusRoutes } from './routes/smart-plus.routes';
import { smartReviewRoutes } from './routes/smart-review.routes';
import { writeRoutes } from './routes/write.routes';
import { PlatformErrors, simControlRoutes } from './sim-control.routes';
import { TiktokState, type RegisteredApp, type TiktokSize } from './state';
import { TT_CODES, sendError } from './wire';

export { TiktokState, BIG_ACCOUNT_ID } from './state';
export type { RegisteredApp, TiktokSize } from './state';

export const DEFAULT_APP: RegisteredApp = { appId: 'sim-tiktok-app', secret: 'sim-tiktok-secret' };

export interface TiktokSimOptions {
  seed?: number;
  /** 'small' (default) or `{ bigAccount: n }` to add the benchmark account with n objects. */
  size?: 'small' | TiktokSize;
  /** Only registered app ids/secrets are accepted (default: any). */
  strict?: boolean;
  apps?: RegisteredApp[];
  latencyMs?: number;
}

export interface TiktokSim {
  app: express.Express;
  control: SimControl;
  state: TiktokState;
}

export function createTiktokSim(opts: TiktokSimOptions = {}): TiktokSim {
  const state = new TiktokState(opts.seed ?? 42, typeof opts.size === 'object' ? opts.size : {});
  const errors = new PlatformErrors();
  const settings = { ...DEFAULT_SETTINGS, servedVersions: [...DEFAULT_SETTINGS.servedVersions] };
  const control = new SimControl(() => {
    state.reset();
    errors.clear();
    settings.servedVersions = [...DEFAULT_SETTINGS.servedVersions];
  });
  control.latencyMs = opts.latencyMs ?? 0;
  const strict = opts.strict ?? false;
  // Strict with no apps named (e.g. `npm run sim -- tiktok --strict`) registers the documented default app.
  const apps = opts.apps ?? (strict ? [DEFAULT_APP] : []);
  const deps: SimDeps = { state, control, strict, apps, settings };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(express.json({ limit: '5mb' }));
  app.use(control.middleware());
  app.use(errors.middleware());
  app.use('/__sim', simControlRoutes(deps, errors));
  app.use('/__sim', control.router());
  app.use(portalRouter(deps));

  // strict: the trailing slash is part of every TikTok path (docs/platforms/tiktok.md §1).
  const api = express.Router({ strict: true });
  authRoutes(api, deps);
  readRoutes(api, deps);
  writeRoutes(api, deps);
  reportRoutes(api, deps);
  pixelRoutes(api, deps);
  dmpRoutes(api, deps);
  smartPlusRoutes(api, deps);
  smartReviewRoutes(api, deps);
  // The version is the path segment after /open_api/; one TikTok does not serve is not routed at all.
  app.use('/open_api/:version', (req: Request, res: Response, next: NextFunction) => {
    if (!settings.servedVersions.includes(String(req.params.version))) return sendError(res, TT_CODES.ROUTE_NOT_FOUND, undefined, 404);
    next();
  }, api);
  // Wrong path or method: a non-200 status (docs/platforms/tiktok.md §1); body code 40400 is ASSUMED.
  app.use((_req: Request, res: Response) => sendError(res, TT_CODES.ROUTE_NOT_FOUND, undefined, 404));
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const type = (err as { type?: string }).type;
    // Malformed JSON body: TikTok's answer is not in the facts; ASSUMED HTTP 200 + 40002.
    if (type === 'entity.parse.failed') return sendError(res, TT_CODES.PARAM_ERROR, 'Invalid JSON in request body.');
    if (type === 'entity.too.large') return sendError(res, TT_CODES.PARAM_ERROR, 'Request body too large.', 413);
    sendError(res, TT_CODES.SYSTEM_ERROR, undefined, 500);
  });
  return { app, control, state };
}

export async function startTiktokSim(opts: TiktokSimOptions & { port?: number } = {}): Promise<RunningSim & TiktokSim> {
  const sim = createTiktokSim(opts);
  const running = await listen(sim.app, opts.port ?? 0);
  return { ...running, ...sim };
}
