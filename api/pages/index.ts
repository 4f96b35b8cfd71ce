import { Router, type Express } from 'express';
import type { AppDeps } from '../deps';
import { assetsRouter } from './assets';
import { accountPages } from './account-pages';
import { connectionResultPage } from './connection-result-page';
import { connectPages } from './connect/connect-pages';
import { consoleRouter } from '../console';

/**
 * Server-rendered pages a person opens in a browser (email links, OAuth landings). Never JSON.
 * None lives under `/api/`, so an API request skips them in one test instead of being matched
 * against every page route (the console's routers are mounted without a path) before its own.
 */
export function mountPages(app: Express, deps: AppDeps): void {
  const pages = Router();
  pages.use(assetsRouter());
  pages.use(accountPages(deps));
  pages.use(connectionResultPage(deps));
  pages.use(connectPages(deps));
  pages.use(consoleRouter(deps));
  app.use((req, res, next) => (req.url.startsWith('/api/') ? next() : pages(req, res, next)));
}
