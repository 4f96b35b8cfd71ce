import { AppError } from '../../../shared/errors/app-error';
import type { AuthContext } from '../../../shared/domain/identity/auth-context';
import { defineRoute, type HandlerContext } from '../route';
import { connectionCaller } from './targets';
import { GoogleAccessibleAccountsDto, GoogleAccessibleAccountsQueryDto, TeamParams } from './schemas';
import { googleAds } from './google-ads';

const description =
  "customers:listAccessibleCustomers through the caller's Google connection, each account enriched with its name, currency, time zone and manager flag (accounts that cannot be read carry `error`). No ad account is named, so no ownership check applies; without a Google connection the answer is 404 CONNECTION_NOT_FOUND.";

async function list({ deps, auth, em, query }: HandlerContext<undefined, typeof GoogleAccessibleAccountsQueryDto, undefined>) {
  if (auth.kind !== 'external-user') throw new AppError('FORBIDDEN', 'Platform calls are made for an external user');
  return { data: await googleAds(deps).listAccessible(await connectionCaller(deps, em, auth as Extract<AuthContext, { kind: 'external-user' }>, query.connectionId)) };
}

export const googleListAccessibleRoute = defineRoute({
  method: 'get',
  path: '/api/v1/google/list-accessible-accounts',
  operationId: 'googleListAccessibleAccounts',
  summary: 'List accessible Google Ads accounts',
  message: 'Accessible accounts fetched',
  description,
  tags: ['Google'],
  auth: 'external',
  query: GoogleAccessibleAccountsQueryDto,
  response: { schema: GoogleAccessibleAccountsDto },
  errors: [403, 404, 429, 502],
  handler: list,
});

export const teamGoogleListAccessibleRoute = defineRoute({
  method: 'get',
  path: '/api/v1/{teamId}/google/list-accessible-accounts',
  operationId: 'teamGoogleListAccessibleAccounts',
  summary: "List a team's accessible Google Ads accounts",
  message: 'Accessible accounts fetched',
  description,
  tags: ['Team'],
  auth: 'team',
  params: TeamParams,
  query: GoogleAccessibleAccountsQueryDto,
  response: { schema: GoogleAccessibleAccountsDto },
  errors: [403, 404, 422, 429, 502],
  handler: (ctx) => list(ctx as unknown as HandlerContext<undefined, typeof GoogleAccessibleAccountsQueryDto, undefined>),
});
