import { z } from '../../../shared/infra/zod-openapi';
import { AdObjectListQuery, AdSetListQuery, CampaignListQuery, IdParams } from '../../../shared/platforms/facebook/dto/common.dto';
import { graphListSchema } from '../../../shared/platforms/facebook/dto/objects.dto';
import { StatusUpdateDto } from '../../../shared/platforms/facebook/dto/campaign.dto';
import type { GraphObject } from '../../../shared/platforms/facebook/operations/fields';
import { detailCall, listCall, type AccountEdge } from '../../../shared/platforms/facebook/operations/reads';
import { updateStatus } from '../../../shared/platforms/facebook/operations/write-operations';
import type { RouteSpec } from '../route';
import { withArticle } from '../summary-text';
import { guardedRoute, writeRoute } from '../guarded-route';
import { readList, readOwned } from './graph-reads';
import { accountListRoute, objectDetailRoute } from './read-route-factories';
import { META_READ, META_WRITE } from './schemas';

/** Campaigns, ad sets and ads share list, details, child ads and status routes (docs/api-conventions.md §6). */
interface Level {
  segment: 'campaigns' | 'adsets' | 'ads';
  edge: AccountEdge;
  object: GraphObject;
  /** Singular, for messages and operation ids. */
  one: string;
  label: string;
  query: typeof AdObjectListQuery;
}

const LEVELS: Level[] = [
  { segment: 'campaigns', edge: 'campaigns', object: 'campaign', one: 'Campaign', label: 'Campaign', query: CampaignListQuery },
  { segment: 'adsets', edge: 'adsets', object: 'adset', one: 'AdSet', label: 'Ad set', query: AdSetListQuery },
  { segment: 'ads', edge: 'ads', object: 'ad', one: 'Ad', label: 'Ad', query: AdObjectListQuery },
];

function routesFor(l: Level): RouteSpec[] {
  const base = `/api/v1/facebook/${l.segment}`;
  const routes: RouteSpec[] = [
    accountListRoute({
      path: base,
      operationId: `facebookList${l.one}s`,
      summary: `List ${l.label.toLowerCase()}s`,
      message: `${l.label}s fetched`,
      description: `\`/act_{id}/${l.edge}\`; deleted objects are left out unless effectiveStatus names DELETED. \`filtering\` takes Meta's {field, operator, value} filters on the fields listed below.`,
      edge: l.edge,
      query: l.query,
    }),
    objectDetailRoute({
      path: `${base}/{id}`,
      operationId: `facebookGet${l.one}`,
      summary: `Get ${withArticle(l.label.toLowerCase())}`,
      message: `${l.label} fetched`,
      description: `An object of another ad account answers 404.`,
      object: l.object,
      label: l.label,
    }),
    writeRoute({
      ...META_WRITE,
      method: 'post',
      path: `${base}/{id}/status`,
      operationId: `facebookUpdate${l.one}Status`,
      summary: `Change the status of ${withArticle(l.label.toLowerCase())}`,
      message: `${l.label} status updated`,
      description: 'Write job: `POST /{id} status=…`. The object must belong to `adAccountId` (checked with its `account_id`), otherwise 404.',
      params: IdParams,
      body: StatusUpdateDto,
      response: { schema: z.object({ success: z.boolean(), id: z.string(), status: z.string() }).openapi('StatusUpdateResultDto') },
      op: updateStatus,
      toParams: async (ctx) => {
        await readOwned(ctx, detailCall(ctx.params.id, l.object, 'id', ['account_id']), l.label, ctx.params.id);
        return { objectId: ctx.params.id, status: ctx.body.status };
      },
    }),
  ];
  if (l.segment !== 'ads') {
    routes.push(
      guardedRoute({
        ...META_READ,
        path: `${base}/{id}/ads`,
        operationId: `facebookList${l.one}Ads`,
        summary: `List the ads of ${withArticle(l.label.toLowerCase())}`,
        message: 'Ads fetched',
        description: `Ads of the ${l.label.toLowerCase()} (\`/{id}/ads\`); 404 if it belongs to another ad account.`,
        params: IdParams,
        query: AdObjectListQuery,
        response: { schema: graphListSchema('ad') },
        handler: async (ctx) => {
          await readOwned(ctx, detailCall(ctx.params.id, l.object, 'id', ['account_id']), l.label, ctx.params.id);
          return readList(ctx, listCall(`${ctx.params.id}/ads`, 'ad', ctx.query), 'Ads fetched');
        },
      }),
    );
  }
  return routes;
}

export const adObjectRoutes: RouteSpec[] = LEVELS.flatMap(routesFor);
