/**
 * Meta Graph / Marketing API simulator (facts: docs/platforms/facebook.md).
 * Seeded users, ids and tokens are listed in README.md beside this file.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { listen, SimControl, type RunningSim } from '../common/sim-kit';
import { debugToken, oauthAccessToken, oauthDialog } from './auth/oauth';
import { facebookControlRouter } from './control.routes';
import { runBatch } from './graph/batch';
import { dispatch, type Env } from './graph/dispatch';
import { errors, GraphError } from './graph/errors';
import { LATEST_VERSION, splitPath, str, versionNumber, type GraphReq } from './graph/request';
import { ROUTES, TOKEN_ROOTS } from './graph/routes';
import { UsageMeter } from './graph/usage';
import { seedWorld } from './model/seed';
import type { SimApp, SizeOptions } from './model/types';
import { FacebookState, type FacebookTunables } from './state';

export * from './model/seed-ids';
export type { FacebookState, FacebookTunables } from './state';

export interface FacebookSimOptions {
  seed?: number;
  /** `'small'` (default) or counts; `bigAccountEntities` adds one large account to alice. */
  size?: 'small' | SizeOptions;
  /** Only registered apps (ids and secrets) are accepted; default accepts any app. */
  strict?: boolean;
  apps?: SimApp[];
  latencyMs?: number;
  tunables?: Partial<FacebookTunables>;
}

export function createFacebookSim(opts: FacebookSimOptions = {}): { app: express.Express; control: SimControl; state: FacebookState } {
  const state = new FacebookState(opts.seed ?? 1, opts.strict ?? false, opts.apps ?? []);
  seedWorld(state, opts.size === 'small' || !opts.size ? {} : opts.size);
  state.tunables = { ...state.tunables, ...opts.tunables };
  const initialTunables = { ...state.tunables };
  // The meter needs the control and the control's reset needs the meter.
  const reset = { meter: undefined as UsageMeter | undefined };
  const control = new SimControl(() => {
    reset.meter?.reset();
    state.tunables = { ...initialTunables };
  });
  const meter = new UsageMeter(state, control);
  reset.meter = meter;
  control.latencyMs = opts.latencyMs ?? 0;
  const env: Env = {
    state,
    meter,
    routes: ROUTES,
    publicRoots: { oauth: oauthAccessToken(state), debug_token: debugToken(state) },
    tokenRoots: TOKEN_ROOTS,
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(express.json({ limit: '5mb' }));
  app.use(express.urlencoded({ extended: false, limit: '5mb' }));
  app.use(control.middleware());
  app.use('/__sim', facebookControlRouter(state, control), control.router());
  app.get(['/dialog/oauth', '/:version/dialog/oauth'], oauthDialog(state));
  app.use((req: Request, res: Response) => graph(env, req, res));
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (err as { status?: number }).status;
    const e = status === 400 ? errors.paramInvalid('body', 'could not be parsed') : errors.unknown();
    if (status !== 400) console.error('[facebook-sim] handler bug', err);
    res.status(e.status).json(e.toJSON());
  });
  return { app, control, state };
}

function bearer(req: Request): string | undefined {
  const h = req.headers.authorization;
  const m = h ? /^(?:Bearer|OAuth)\s+(.+)$/i.exec(h) : null;
  return m?.[1]?.trim();
}

/**
 * The version a call is served as: an unversioned call gets the oldest one served; an expired one
 * fails with (#2635), or is upgraded to the oldest one served with a warning header when the app
 * allows it (README, Versions).
 */
function servedAs(state: FacebookState, asked: string): { version: string; headers: Record<string, string> } {
  const oldest = state.tunables.oldestVersion;
  if (!asked) return { version: oldest, headers: {} };
  if (versionNumber(asked) >= versionNumber(oldest)) return { version: asked, headers: {} };
  if (!state.tunables.versionAutoUpgrade) throw errors.deprecatedVersion(LATEST_VERSION);
  // ASSUMED wording: Meta names the header, not its text.
  return { version: oldest, headers: { 'x-ad-api-version-warning': `The call has been auto-upgraded to ${oldest} as ${asked} has been deprecated.` } };
}

function graph(env: Env, req: Request, res: Response): void {
  const split = splitPath(req.path);
  const segments = split.segments;
  let served: ReturnType<typeof servedAs>;
  try {
    served = servedAs(env.state, split.version);
  } catch (e) {
    if (!(e instanceof GraphError)) throw e;
    send(res, { status: e.status, body: e.toJSON(), headers: {} });
    return;
  }
  const version = served.version;
  const query = { ...(req.query as Record<string, unknown>) };
  const body = req.method === 'GET' || typeof req.body !== 'object' || req.body === null ? {} : (req.body as Record<string, unknown>);
  const params = { ...query, ...body };
  const method = req.method === 'POST' || req.method === 'DELETE' ? req.method : 'GET';
  const greq: GraphReq = {
    method,
    version,
    segments,
    params,
    query,
    token: str(params, 'access_token') || bearer(req),
    baseUrl: `${req.protocol}://${req.get('host')}`,
  };
  if (req.method !== 'GET' && req.method !== 'POST' && req.method !== 'DELETE') {
    send(res, { status: 400, body: errors.unsupported(req.method, segments[0] ?? '').toJSON(), headers: {} });
    return;
  }
  if (segments.length === 0 && method === 'POST' && params.batch !== undefined) {
    try {
      send(res, { status: 200, body: runBatch(env, greq), headers: { 'facebook-api-version': version, ...served.headers } });
    } catch (e) {
      if (!(e instanceof GraphError)) throw e;
      send(res, { status: e.status, body: e.toJSON(), headers: {} });
    }
    return;
  }
  const out = dispatch(env, greq);
  send(res, { ...out, headers: { ...out.headers, ...served.headers } });
}

function send(res: Response, out: { status: number; body: unknown; headers: Record<string, string> }): void {
  res.status(out.status);
  for (const [k, v] of Object.entries(out.headers)) res.setHeader(k, v);
  res.setHeader('content-type', 'application/json; charset=UTF-8');
  res.end(JSON.stringify(out.body));
}

export async function startFacebookSim(
  opts: FacebookSimOptions & { port?: number } = {},
): Promise<RunningSim & { control: SimControl; state: FacebookState; app: express.Express }> {
  const sim = createFacebookSim(opts);
  const running = await listen(sim.app, opts.port ?? 0);
  return { ...running, ...sim };
}
