/**
 * LinkedIn Marketing API simulator: the OAuth host (www.linkedin.com/oauth/v2) and the versioned
 * REST host (api.linkedin.com/rest) on one loopback server, over deterministic seeded data.
 * Rules and their sources: README.md beside this file and docs/platforms/linkedin.md.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { SimControl, listen, type RunningSim } from '../common/sim-kit';
import { DailyUsage, restGate, type RegisteredApp, type SimDeps, type SimSettings } from './ctx';
import { controlRoutes, faultResponder } from './control.routes';
import { accountRoutes } from './routes/accounts.routes';
import { analyticsRoutes } from './routes/analytics.routes';
import { creativeRoutes } from './routes/creatives.routes';
import { entityRoutes } from './routes/entities.routes';
import { oauthRouter } from './routes/oauth.routes';
import { LinkedinState, type LinkedinSize } from './state';
import { REST_PREFIX, errors, sendError } from './wire';

export { LinkedinState, BIG_ACCOUNT_ID, URN } from './state';
export type { LinkedinSize } from './state';
export type { RegisteredApp, SimSettings } from './ctx';
export { DEFAULT_SCOPES } from './control.routes';

export const DEFAULT_APP: RegisteredApp = { clientId: 'sim-linkedin-app', clientSecret: 'sim-linkedin-secret' };

export interface LinkedinSimOptions {
  seed?: number;
  /** 'small' (default) or `{ bigAccount: n }` to add the benchmark account with n objects. */
  size?: 'small' | LinkedinSize;
  /** Only registered apps (client id, secret, redirect URIs) are accepted (default: any). */
  strict?: boolean;
  apps?: RegisteredApp[];
  latencyMs?: number;
  settings?: Partial<SimSettings>;
}

export interface LinkedinSim {
  app: express.Express;
  control: SimControl;
  state: LinkedinState;
  settings: SimSettings;
}

/** Versions active on 2026-11-24: 202511 was sunset on 2026-11-16; 202609 is the newest listed. */
const DEFAULT_SETTINGS: SimSettings = { oldestVersion: '202512', newestVersion: '202609', commaScopes: false, maxPageSize: 1000 };

export function createLinkedinSim(opts: LinkedinSimOptions = {}): LinkedinSim {
  const state = new LinkedinState(opts.seed ?? 42, typeof opts.size === 'object' ? opts.size : {});
  const settings: SimSettings = { ...DEFAULT_SETTINGS, ...opts.settings };
  const usage = new DailyUsage();
  const control = new SimControl(() => {
    state.reset();
    usage.counts.clear();
    settings.perAppPerDay = undefined;
    settings.perMemberPerDay = undefined;
  });
  control.latencyMs = opts.latencyMs ?? 0;
  control.faultResponder = faultResponder;
  const strict = opts.strict ?? false;
  const apps = opts.apps ?? (strict ? [DEFAULT_APP] : []);
  const deps: SimDeps = { state, control, strict, apps, settings, usage };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // A tunnelled GET carries its query as a form body: kept as raw text, so Rest.li syntax survives.
  app.use(REST_PREFIX, express.text({ type: 'application/x-www-form-urlencoded', limit: '1mb' }));
  app.use(express.json({ limit: '5mb' }));
  app.use('/oauth', express.urlencoded({ extended: false }));
  app.use(control.middleware());
  app.use('/__sim', control.router());
  app.use('/__sim', controlRoutes(deps));
  app.use(oauthRouter(deps));

  const rest = express.Router();
  rest.use(restGate(deps));
  accountRoutes(rest, deps);
  entityRoutes(rest, deps);
  creativeRoutes(rest, deps);
  analyticsRoutes(rest, deps);
  rest.use((req: Request, res: Response) => sendError(res, errors.noRoute(req.method, `${REST_PREFIX}${req.path}`)));
  app.use(REST_PREFIX, rest);

  app.use((req: Request, res: Response) => res.status(404).type('text').send(`Not found: ${req.method} ${req.path}`));
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const type = (err as { type?: string }).type;
    if (req.path.startsWith('/oauth/')) return void res.status(400).json({ error: 'invalid_request', error_description: 'Malformed request' });
    // ASSUMED: a malformed JSON body is a 400 ILLEGAL_ARGUMENT.
    if (type === 'entity.parse.failed') return sendError(res, errors.illegal('Malformed JSON in the request body'));
    if (type === 'entity.too.large') return sendError(res, errors.illegal('Request body too large'));
    console.error('[linkedin-sim] unhandled', req.method, req.path, err);
    sendError(res, errors.internal());
  });
  return { app, control, state, settings };
}

export async function startLinkedinSim(opts: LinkedinSimOptions & { port?: number } = {}): Promise<RunningSim & LinkedinSim> {
  const sim = createLinkedinSim(opts);
  const running = await listen(sim.app, opts.port ?? 0);
  return { ...running, ...sim };
}
