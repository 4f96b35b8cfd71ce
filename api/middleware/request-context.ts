import { randomUUID } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import type { Request, Response, NextFunction } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../../shared/infra/logger';
import type { AuthContext } from '../../shared/domain/identity/auth-context';
import type { AppDeps } from '../deps';
import { redactUrl } from '../../shared/infra/redact';

export interface RequestContext {
  requestId: string;
  readonly log: Logger;
  /** Forked per request, created on first use so routes that never touch Postgres pay nothing. */
  readonly em: EntityManager;
  auth?: AuthContext;
  /** performance.now() when the request arrived. */
  startedAt: number;
  /**
   * The matched route's template for metrics, set as routing picks it: by the time an error answer
   * finishes, express has already reset `req.baseUrl` for a route inside a group router.
   */
  route?: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      ctx: RequestContext;
    }
  }
}

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

type FinishHook = (req: Request, res: Response) => void;
const FINISH = Symbol('finish hook');
type Hooked = Request & { [FINISH]?: FinishHook };
let subscribed = false;

/**
 * One process-wide subscriber to Node's http finish channel instead of a `finish` listener per
 * request. Requests of apps built here carry their app's hook; other servers' requests are ignored.
 */
function onResponseFinished(hook: FinishHook, req: Request): void {
  (req as Hooked)[FINISH] = hook;
  if (subscribed) return;
  subscribed = true;
  subscribe('http.server.response.finish', (message) => {
    const { request, response } = message as { request: Hooked; response: Response };
    request[FINISH]?.(request, response);
  });
}

export function requestContext(deps: AppDeps) {
  const { logger, orm, metrics } = deps;
  const finished: FinishHook = (req, res) => {
    const ms = performance.now() - req.ctx.startedAt;
    const route = req.ctx.route ?? (req.route ? `${req.baseUrl ?? ''}${(req.route as { path: string }).path}` : 'unmatched');
    metrics?.observeHttp(req.method, route, res.statusCode, ms / 1000);
    if (res.statusCode >= 500) req.ctx.log.error({ method: req.method, url: redactUrl(req.originalUrl), status: res.statusCode, ms }, 'request failed');
    else if (logger.isLevelEnabled('info')) req.ctx.log.info({ method: req.method, url: redactUrl(req.originalUrl), status: res.statusCode, ms }, 'request');
  };
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', requestId);
    let em: EntityManager | undefined;
    let log: Logger | undefined;
    // Both created on first use: a warm read that logs nothing forks no EntityManager and builds no child logger.
    req.ctx = {
      requestId,
      get log() {
        log ??= logger.child({ requestId });
        return log;
      },
      get em() {
        em ??= orm.em.fork() as EntityManager;
        return em;
      },
      startedAt: performance.now(),
    };
    onResponseFinished(finished, req);
    next();
  };
}
