import { Router } from 'express';
import type { AppDeps } from '../deps';
import { connectionRoutes } from './connections';
import { jobRoutes } from './jobs';
import { webhookRoutes } from './webhooks';
import { writeRoutes } from './writes';
import { settingsRoutes } from './settings';
import { overviewRoutes } from './overview';
import { signInRoutes } from './sign-in';
import { consoleContext, sessionOf, signedIn } from './session';
import { sendProblem } from './frame';

/**
 * The tenant console at /console: server-rendered pages for a tenant's own people, signed in with
 * the tenant login. Every page reads through the same domain services and role rules as the
 * tenant API, scoped to the session's tenant.
 */
export function consoleRouter(deps: AppDeps): Router {
  const router = Router();
  const context = consoleContext(deps);
  router.use(signInRoutes(context));
  const pages = Router();
  pages.use(overviewRoutes());
  pages.use(connectionRoutes(deps));
  pages.use(jobRoutes(deps));
  pages.use(writeRoutes(deps));
  pages.use(webhookRoutes(deps));
  pages.use(settingsRoutes(deps));
  const session = signedIn(context);
  router.use('/console', (req, res, next) => void session(req, res, next).catch(next));
  router.use(pages);
  // A console address that names no page is still a page, never the API's JSON.
  router.use('/console', (_req, res) => sendProblem(res, { status: 404, title: 'Not found', text: 'There is no such page in the console.' }, sessionOf(res)));
  return router;
}
