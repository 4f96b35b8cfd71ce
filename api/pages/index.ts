import type { Express } from 'express';
import type { AppDeps } from '../deps';
import { assetsRouter } from './assets';
import { accountPages } from './account-pages';
import { connectionResultPage } from './connection-result-page';
import { connectPages } from './connect/connect-pages';
import { consoleRouter } from '../console';

/** Server-rendered pages a person opens in a browser (email links, OAuth landings). Never JSON. */
export function mountPages(app: Express, deps: AppDeps): void {
  app.use(assetsRouter());
  app.use(accountPages(deps));
  app.use(connectionResultPage(deps));
  app.use(connectPages(deps));
  app.use(consoleRouter(deps));
}
