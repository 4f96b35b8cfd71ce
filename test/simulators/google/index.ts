/**
 * Google Ads API simulator: OAuth (accounts.google.com / oauth2.googleapis.com paths) and the Ads REST
 * surface (googleads.googleapis.com paths) on one loopback host, over deterministic seeded data.
 * Facts: docs/platforms/google.md. Seeded users and accounts: README.md beside this file.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { listen, SimControl, type RunningSim } from '../common/sim-kit';
import { settingsFrom, type GoogleSimOptions, type SimContext } from './context';
import { errorBody, faultError, newRequestId, RpcError } from './errors';
import { adsDispatcher } from './routes/ads.routes';
import { controlRouter } from './routes/control.routes';
import { oauthRouter } from './routes/oauth.routes';
import { seedState } from './seed';
import type { GoogleState } from './state';
import { TokenStore } from './tokens';

export type { GoogleSimOptions, RegisteredApp } from './context';
export { DEFAULT_APP } from './context';
export { LARGE_ACCOUNT_ID } from './seed';
export { ADWORDS_SCOPE } from './tokens';
export type { GoogleState } from './state';

export interface GoogleSim {
  app: express.Express;
  control: SimControl;
  /** Current state (replaced by a fresh seed on POST /__sim/reset). */
  readonly state: GoogleState;
}

const versionOf = (path: string) => /^\/(v\d+)\//.exec(path)?.[1];
const isOAuthPath = (path: string) => path === '/token' || path.startsWith('/oauth2/') || path === '/revoke' || path.startsWith('/o/oauth2/');

export function createGoogleSim(opts: GoogleSimOptions = {}): GoogleSim {
  const settings = settingsFrom(opts);
  const seed = () => seedState({ seed: settings.seed, largeAccountEntities: settings.largeAccountEntities });
  const ctx: SimContext = {
    state: seed(),
    tokens: new TokenStore(),
    control: undefined as unknown as SimControl,
    settings,
    usage: new Map(),
  };
  // Reset restores seeded data and clears usage; tokens survive so connected gateways keep working.
  ctx.control = new SimControl(() => {
    ctx.state = seed();
    ctx.usage.clear();
  });
  ctx.control.latencyMs = opts.latencyMs ?? 0;
  ctx.control.faultResponder = (fault, req) => {
    const version = versionOf(req.path);
    if (!version) {
      if (!isOAuthPath(req.path)) return undefined;
      const status = fault.status ?? 500;
      // ASSUMED: Google identity 5xx bodies; 4xx use the documented OAuth error names.
      const body = status === 400 ? { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } : status === 401 ? { error: 'invalid_client', error_description: 'Unauthorized' } : { error: 'internal_failure', error_description: 'Backend Error' };
      return { status, body };
    }
    const err = faultError(fault.kind ?? fault.status ?? 500);
    const status = fault.status ?? err.httpStatus;
    const rid = newRequestId();
    return { status, body: errorBody(version, err, rid), headers: { 'request-id': rid } };
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(express.json({ limit: '50mb' }));
  app.use(express.urlencoded({ extended: false, limit: '1mb' }));
  app.use(ctx.control.middleware());
  app.use('/__sim', ctx.control.router());
  app.use('/__sim', controlRouter(ctx));
  app.use(oauthRouter(ctx));
  app.use(adsDispatcher(ctx));
  app.use((req: Request, res: Response) => {
    res.status(404).json({ error: { code: 404, message: `Not found: ${req.method} ${req.path}`, status: 'NOT_FOUND' } });
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const e = err as { type?: string; status?: number };
    const malformed = e?.type === 'entity.parse.failed';
    if (isOAuthPath(req.path)) {
      res.status(malformed ? 400 : 500).json({ error: malformed ? 'invalid_request' : 'internal_failure', error_description: malformed ? 'Invalid JSON payload received.' : 'Backend Error' });
      return;
    }
    const version = versionOf(req.path) ?? 'v23';
    const rpc = malformed
      ? new RpcError(400, 'Invalid JSON payload received. Unexpected token.')
      : e?.type === 'entity.too.large'
        ? new RpcError(413, 'Request payload size exceeds the limit.')
        : new RpcError(500, 'Internal error encountered.');
    res.status(rpc.httpStatus).json(errorBody(version, rpc, newRequestId()));
  });

  return {
    app,
    control: ctx.control,
    get state() {
      return ctx.state;
    },
  };
}

export async function startGoogleSim(
  opts: GoogleSimOptions & { port?: number } = {},
): Promise<RunningSim & { control: SimControl; readonly state: GoogleState }> {
  const sim = createGoogleSim(opts);
  const running = await listen(sim.app, opts.port ?? 0);
  return Object.defineProperties({ ...running, control: sim.control } as RunningSim & { control: SimControl; state: GoogleState }, {
    state: { get: () => sim.state, enumerable: true },
  });
}
