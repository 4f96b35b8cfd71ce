import type { Express, Request, Response, NextFunction } from 'express';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { QUEUE_NAMES } from '../../shared/queues/definitions';
import type { AppDeps } from '../deps';
import { sendError } from '../http/envelope';
import { AppError } from '../../shared/errors/app-error';
import { safeEqual } from '../../shared/infra/crypto';

const BASE = '/admin/queues';

/** Bull Board for operators, behind ADMIN_TOKEN (Bearer or basic-auth password). Absent token: not mounted. */
export function mountAdmin(app: Express, deps: AppDeps): void {
  const token = deps.config.ADMIN_TOKEN;
  if (!token) return;
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BASE);
  createBullBoard({
    queues: QUEUE_NAMES.map((q) => new BullMQAdapter(deps.queues.queue(q))),
    serverAdapter,
  });
  const guard = (req: Request, res: Response, next: NextFunction) => {
    const h = req.headers.authorization ?? '';
    let presented = '';
    if (h.startsWith('Bearer ')) presented = h.slice(7);
    else if (h.startsWith('Basic ')) presented = Buffer.from(h.slice(6), 'base64').toString().split(':').slice(1).join(':');
    if (presented && safeEqual(presented, token)) return next();
    res.setHeader('WWW-Authenticate', 'Basic realm="queues"');
    sendError(req, res, new AppError('UNAUTHENTICATED', 'Operator credential required'));
  };
  app.use(BASE, guard, serverAdapter.getRouter());
}
