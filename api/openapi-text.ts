import { platformModules } from '../shared/platforms';

const names = platformModules.map((m) => m.displayName);

/** Prose of the OpenAPI document: the API's conventions and one line per tag. */
export const API_DESCRIPTION = [
  `One API over ${names.slice(0, -1).join(', ')} and ${names.at(-1)} for multi-tenant SaaS.`,
  '',
  '**Envelope.** Every JSON answer is `{ success, message, timestamp, statusCode, data }`; errors add `path`, `requestId` and',
  '`error: { code, details }`, where `code` is a stable enum and decides the HTTP status. The team-scoped surface',
  '(`/api/v1/{teamId}/…`) names the same error envelope `ErrorResponse`.',
  '',
  '**Query DTOs.** A read whose query has a name (e.g. `ReadPixelsDto`) takes one query parameter per field; the whole',
  'query is also under `components.schemas` by that name, referenced from the operation’s `x-query-schema`.',
  '',
  '**Field names.** Gateway fields are camelCase (`adAccountId`, `externalUserId`, `pollUrl`). Inside platform-native objects',
  '(a Meta campaign body, a TikTok `filtering`, a Google Ads row) names stay the platform’s own (`daily_budget`, `advertiser_id`,',
  '`campaign.id`), so the platform’s documentation applies unchanged. App credentials keep the names each platform gives them',
  '(Meta `appId`/`appSecret`, TikTok `appId`/`secret`, Google `clientId`/`clientSecret`/`developerToken`). Platform values keep the platform’s types: TikTok ids and Google int64',
  'values are strings, Meta money is a string in minor units (`"1000"` = 10.00).',
  '',
  '**Pagination.** Platform reads page the platform’s own way: Meta `paging.cursors.after/before` (send `after`/`before`),',
  'TikTok `page_info` (send `page`/`pageSize`), Google `paging.nextPageToken` (send `pageToken`). The gateway’s own lists',
  '(jobs, imported entities, users, connections, webhooks) use one style: `limit` + `cursor` in, `nextCursor` out (null on the last page).',
  '',
  '**Writes** run as jobs: 200 with the result when the job finishes within the wait, else 202 with `Location` to poll;',
  '`Prefer: respond-async` asks for the 202 at once. `Idempotency-Key` makes a write safe to retry; a replayed answer',
  'carries `Idempotent-Replayed: true`. Every answer that started a job, a synchronous 200 included, names it beside `data`',
  '(`jobId`, `pollUrl`); `GET /api/v1/jobs` lists the caller’s jobs. Imports start with `POST …/import-ad-account`.',
  '',
  '**Limits.** Authenticated answers carry `RateLimit-Limit/Remaining/Reset/Policy`; 429 carries `Retry-After`.',
].join('\n');

/** The gateway's own tags; each platform module adds what its tags cover. */
export const TAG_TEXT: Record<string, string> = {
  Operations: 'Health, readiness, metrics and this reference.',
  Authorization: 'Tokens for external users (access and refresh), issued with the tenant’s API key.',
  Team: 'Team-scoped (teamId) forms of external-user operations, called with the tenant’s API key.',
  Tenant: 'Sign-up, the tenant’s profile and its API key.',
  'Tenant auth': 'Tenant-user sign-in, sessions and password reset.',
  'Tenant apps': 'The tenant’s own platform apps (OAuth clients) the connections run through.',
  'Tenant users': 'The tenant’s users and invitations.',
  Jobs: 'Writes and imports that run in the background: poll a job, page what an import stored.',
  Audit: 'The audit trail of writes: who changed what on which ad account, and what became of it (JSON or CSV).',
  Connections: 'OAuth connections to the platforms and the ad accounts they expose.',
  Platforms: 'The platform API versions the gateway calls, their sunset dates and the days left.',
  Reports: 'One performance report across platforms and accounts: the same row for every platform, with currency, time zone, attribution and finality stated (JSON or CSV).',
  ...Object.fromEntries(platformModules.flatMap((m) => Object.entries(m.tagText))),
};
