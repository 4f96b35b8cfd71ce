import { randomUUID } from 'node:crypto';
import type { Request, Response, NextFunction } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../../shared/infra/logger';
import type { AuthContext } from '../../shared/domain/identity/auth-context';
import type { AppDeps } from '../deps';
import { redactUrl } from '../../shared/infra/redact';

export interface RequestContext {
  requestId: string;
  log: Logger;
  /** Forked per request, created on first use so routes that never touch Postgres pay nothing. */
  readonly em: EntityManager;
  auth?: AuthContext;
  startedAt: bigint;
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

export function requestContext(deps: AppDeps) {
  const { logger, orm, metrics } = deps;
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', requestId);
    let em: EntityManager | undefined;
    const log = logger.child({ requestId });
    req.ctx = {
      requestId,
      log,
      get em() {
        em ??= orm.em.fork() as EntityManager;
        return em;
      },
      startedAt: process.hrtime.bigint(),
    };
    res.once('finish', () => {
      const ms = Number(process.hrtime.bigint() - req.ctx.startedAt) / 1e6;
      const route = req.route ? `${req.baseUrl ?? ''}${(req.route as { path: string }).path}` : 'unmatched';
      metrics?.observeHttp(req.method, route, res.statusCode, ms / 1000);
      if (res.statusCode >= 500) log.error({ method: req.method, url: redactUrl(req.originalUrl), status: res.statusCode, ms }, 'request failed');
      else log.info({ method: req.method, url: redactUrl(req.originalUrl), status: res.statusCode, ms }, 'request');
    });
    next();
  };
}
