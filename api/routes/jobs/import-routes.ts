import type { ZodTypeAny } from 'zod';
import { z } from '../../../shared/infra/zod-openapi';
import { platformModules, type Platform } from '../../../shared/platforms';
import type { RouteSpec } from '../route';
import { accountNoun, withArticle } from '../summary-text';
import { guardedRoute, submitImport } from '../guarded-route';
import { ImportResultDto } from './job.schemas';

/*
 * Imports start with a POST: starting work is not safe or idempotent, so it does not belong on a
 * GET. Each platform's older `GET …/import-ad-account` stays as a deprecated alias with the same
 * job semantics (a running import of the same account is joined, not doubled).
 */

interface ImportablePlatform {
  platform: Platform;
  label: string;
  displayName: string;
  tag: string;
  accountId: ZodTypeAny;
  levels: string;
}

/** Every listed platform that imports, with the facts its module declares for the route. */
const IMPORTABLE: ImportablePlatform[] = platformModules.flatMap((m) =>
  m.importSource && m.importRequest ? [{ platform: m.name, label: m.label, displayName: m.displayName, tag: m.tag, accountId: m.importRequest.accountId, levels: m.importRequest.levels }] : [],
);

const bodyFor = (p: ImportablePlatform) =>
  z.object({ adAccountId: p.accountId }).strict().openapi(`${p.label}ImportAdAccountBody`);

function importRoute(p: ImportablePlatform): RouteSpec {
  return guardedRoute({
    platform: p.platform,
    from: 'body',
    method: 'post',
    path: `/api/v1/${p.platform}/import-ad-account`,
    operationId: `start${p.label}Import`,
    job: 'import',
    summary: `Import ${withArticle(accountNoun(p.displayName))}`,
    message: 'Ad account imported',
    description:
      `Imports the account's ${p.levels} as a job: 200 with the per-level counts when it finishes within the wait, else 202 with the poll URL. ` +
      'Either way the answer names the job (`jobId`, `pollUrl`) whose stored records `GET /api/v1/jobs/{jobId}/entities` pages. ' +
      'A second request while an import of the same account runs joins that job. With `Idempotency-Key`, a retry answers the job the first request started or joined.',
    tags: [p.tag],
    auth: 'external',
    body: bodyFor(p),
    response: { schema: ImportResultDto, description: 'The import finished within the wait' },
    errors: [403, 404, 502],
    handler: async (ctx) => submitImport(ctx, 'Ad account imported'),
  });
}

/** The platform's `POST …/import-ad-account` route, for a platform folder that declares a twin of it. */
export function importRouteOf(platform: Platform): RouteSpec {
  const p = IMPORTABLE.find((x) => x.platform === platform);
  if (!p) throw new Error(`${platform} does not import`);
  return importRoute(p);
}

export const importRoutes: RouteSpec[] = IMPORTABLE.map(importRoute);
