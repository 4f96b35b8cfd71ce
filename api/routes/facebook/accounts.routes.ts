import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import { AdAccountQuery, DetailQuery, GraphId, credentialQuery, fieldsQuery } from '../../../shared/platforms/facebook/dto/common.dto';
import { graphObjectSchema } from '../../../shared/platforms/facebook/dto/objects.dto';
import { ImportResultDto } from '../jobs/job.schemas';
import { importRouteOf } from '../jobs/import-routes';
import {
  adAccountCall, businessAdAccountsCall, businessCall, businessCatalogsCall, myAdAccountsCall, myBusinessesCall,
} from '../../../shared/platforms/facebook/operations/reads';
import type { RouteSpec } from '../route';
import { guardedRoute, submitImport } from '../guarded-route';
import { read } from './graph-reads';
import { accountListRoute, graphListRoute } from './read-route-factories';
import { META_READ, TAGS } from './schemas';

export const importAdAccountRoute = guardedRoute({
  platform: 'facebook',
  from: 'query',
  method: 'get',
  path: '/api/v1/facebook/import-ad-account',
  operationId: 'facebookImportAdAccount',
  deprecated: true,
  job: 'import',
  summary: 'Import a Meta ad account (deprecated GET form)',
  message: 'Ad account import finished',
  description:
    'Bulk import of the account (campaigns, ad sets, ads, creatives, custom audiences, pixels, custom conversions) as a job: 200 with counts, or 202 with the poll URL. Imported records: `GET /api/v1/jobs/{jobId}/entities`.',
  tags: TAGS,
  auth: 'external',
  query: AdAccountQuery,
  response: { schema: ImportResultDto, description: 'The import finished within the wait' },
  errors: [403, 404, 502],
  handler: async (ctx) => submitImport(ctx, 'Ad account import finished'),
});

export const teamImportAdAccountRoute: RouteSpec = {
  ...importAdAccountRoute,
  path: '/api/v1/{teamId}/facebook/import-ad-account',
  operationId: 'teamFacebookImportAdAccount',
  summary: 'Import a Meta ad account for a team (deprecated GET form)',
  auth: 'team',
  params: z.object({ teamId: z.string().max(128) }),
};

/** The team-scoped twin (x-api-key, `teamId` as the external user) of the POST import, as the GET form has one. */
export const teamStartImportRoute: RouteSpec = {
  ...importRouteOf('facebook'),
  path: '/api/v1/{teamId}/facebook/import-ad-account',
  operationId: 'teamStartFacebookImport',
  summary: 'Import a Meta ad account for a team',
  auth: 'team',
  params: z.object({ teamId: z.string().max(128) }),
};

const pagesRoute = accountListRoute({
  path: '/api/v1/facebook/pages',
  operationId: 'facebookListPages',
  summary: 'List Pages',
  message: 'Pages fetched',
  description: 'Pages the ad account can promote (`/act_{id}/promote_pages`).',
  edge: 'pages',
});

const adAccountsRoute = graphListRoute({
  path: '/api/v1/facebook/ad-accounts',
  operationId: 'facebookListAdAccounts',
  summary: 'List Meta ad accounts',
  message: 'Ad accounts fetched',
  description: "Ad accounts of the connection that holds `adAccountId` (`/me/adaccounts` with that connection's token).",
  object: 'adaccount',
  call: ({ query }) => myAdAccountsCall(query),
});

/** The account in the path is the one guarded; `adAccountId` may be omitted (or must name the same account). */
const AccountDetailQuery = z.object({ adAccountId: z.string().optional(), ...credentialQuery, ...fieldsQuery }).strict();

const adAccountRoute = guardedRoute({
  ...META_READ,
  // The account in the path is the one guarded.
  from: { param: 'id' },
  path: '/api/v1/facebook/ad-accounts/{id}',
  operationId: 'facebookGetAdAccount',
  summary: 'Get a Meta ad account',
  message: 'Ad account fetched',
  params: z.object({ id: z.string().regex(/^(act_)?\d{1,20}$/, 'must be an ad account id: act_123 or 123') }),
  query: AccountDetailQuery,
  response: { schema: graphObjectSchema('adaccount') },
  handler: async (ctx) => {
    const { deps, account, query } = ctx;
    if (query.adAccountId !== undefined && deps.services.guard.normalize('facebook', query.adAccountId) !== account.platformAccountId) {
      throw new AppError('VALIDATION_FAILED', 'adAccountId differs from the account in the path', {
        details: [{ path: 'query.adAccountId', message: 'must name the same account as the path, or be omitted' }],
      });
    }
    return { data: await read(ctx, adAccountCall(account.platformAccountId, query.fields)) };
  },
});

const BusinessParams = z.object({ businessId: GraphId });

const businessesRoute = graphListRoute({
  path: '/api/v1/facebook/businesses',
  operationId: 'facebookListBusinesses',
  summary: 'List businesses',
  message: 'Businesses fetched',
  description: "Businesses of the connection that holds `adAccountId` (`/me/businesses`).",
  object: 'business',
  call: ({ query }) => myBusinessesCall(query),
});

const businessRoute = guardedRoute({
  ...META_READ,
  path: '/api/v1/facebook/businesses/{businessId}',
  operationId: 'facebookGetBusiness',
  summary: 'Get a business',
  message: 'Business fetched',
  params: BusinessParams,
  query: DetailQuery,
  response: { schema: graphObjectSchema('business') },
  handler: async (ctx) => ({ data: await read(ctx, businessCall(ctx.params.businessId, ctx.query.fields)) }),
});

const businessAdAccountsRoute = graphListRoute({
  path: '/api/v1/facebook/businesses/{businessId}/ad-accounts',
  operationId: 'facebookListBusinessAdAccounts',
  summary: "List a business's ad accounts",
  message: 'Business ad accounts fetched',
  description: 'Ad accounts the business owns (`/{business}/owned_ad_accounts`).',
  object: 'adaccount',
  params: BusinessParams,
  call: ({ params, query }) => businessAdAccountsCall(params.businessId, query),
});

const businessCatalogsRoute = graphListRoute({
  path: '/api/v1/facebook/businesses/{businessId}/catalogs',
  operationId: 'facebookListBusinessCatalogs',
  summary: "List a business's product catalogs",
  message: 'Product catalogs fetched',
  description: 'Product catalogs the business owns (`/{business}/owned_product_catalogs`).',
  object: 'productcatalog',
  params: BusinessParams,
  call: ({ params, query }) => businessCatalogsCall(params.businessId, query),
});

export const accountRoutes: RouteSpec[] = [
  importAdAccountRoute, teamImportAdAccountRoute, teamStartImportRoute, pagesRoute, adAccountsRoute, adAccountRoute, businessesRoute, businessRoute,
  businessAdAccountsRoute, businessCatalogsRoute,
];
