import { createConfig, lintFromString } from '@redocly/openapi-core';
import { http, startWorld, type World } from '../world';
import { WEBHOOK_EVENT_TYPES } from '../../shared/domain/webhooks/events';
import { untypedOperations } from '../helpers/openapi-typing';

/** Every other DTO name the HTTP contract uses: generated clients and the contract must share them. */
const CONTRACT_DTOS = [
  'AcceptInvitationDto', 'AccessTokensDto', 'AuthTokensDto', 'AuthUrlDto', 'ChangePasswordDto', 'ConnectionStatusDto',
  'ConnectionStatusItemDto', 'CreateAdCloneDto', 'CreateAdDto', 'CreateAdGroupDto', 'CreateAssetsDto', 'CreateCampaignDto',
  'CreateCustomConversionDto', 'CreateLookalikeAudienceDto', 'CreateTenantInvitationDto', 'CreateUserDto',
  'CustomConversionRuleDto', 'EstimateAudienceDto', 'ExecuteOperationDto', 'FindOperationsDto', 'ForgetPasswordDto',
  'PlatformFieldDto', 'PlatformMetadataDto', 'PreviewAdcreativeDto', 'ResetPasswordDto', 'StatusUpdateDto',
  'TargetingSearchDto', 'TenantApiKeyDto', 'UpdateTenantDto', 'UpdateTenantProfileDto',
];

describe('OpenAPI document', () => {
  let w: World;
  beforeAll(async () => {
    w = await startWorld({ platforms: [], tenant: false });
  });
  afterAll(() => w?.close());

  it('is valid OpenAPI 3.1 according to the Redocly linter', async () => {
    const r = await http(w.app.url, 'GET', '/api/v1/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    const config = await createConfig({ extends: ['minimal'] });
    const problems = await lintFromString({ source: JSON.stringify(r.body), absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((e) => `${e.ruleId}: ${e.message} @ ${e.location[0]?.pointer}`)).toEqual([]);
  });

  it('documents the ops endpoints and the shared error envelope', async () => {
    const r = await http(w.app.url, 'GET', '/api/v1/openapi.json');
    expect(Object.keys(r.body.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz', '/metrics', '/docs']));
    expect(r.body.components.schemas.StandardErrorEnvelopeDto).toBeDefined();
  });

  it('documents the webhook routes and, under `webhooks`, the body of every event type', async () => {
    const r = await http(w.app.url, 'GET', '/api/v1/openapi.json');
    expect(Object.keys(r.body.paths)).toEqual(expect.arrayContaining(['/api/v1/tenant/webhooks', '/api/v1/tenant/webhooks/{id}/deliveries/{deliveryId}/redeliver']));
    expect(Object.keys(r.body.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const body = r.body.webhooks['job.completed'].post.requestBody.content['application/json'].schema;
    expect(body.properties.data).toEqual({ $ref: '#/components/schemas/JobDto' });
    expect(body.required).toEqual(expect.arrayContaining(['id', 'type', 'createdAt', 'data']));
  });

  it('types the data of every operation, and gives every operation an example', async () => {
    const r = await http(w.app.url, 'GET', '/api/v1/openapi.json');
    expect(untypedOperations(r.body)).toEqual([]);
    const withoutExample: string[] = [];
    for (const [path, methods] of Object.entries<Record<string, any>>(r.body.paths)) {
      for (const [method, op] of Object.entries<any>(methods)) {
        const status = Object.keys(op.responses).find((s) => s.startsWith('2'))!;
        const media = Object.values<any>(op.responses[status].content ?? {});
        if (!media.some((m) => m.example !== undefined)) withoutExample.push(`${method} ${path}`);
      }
    }
    expect(withoutExample).toEqual([]);
  });

  it('documents a Meta campaign with Graph types and a Google row with int64 strings', async () => {
    const { components } = (await http(w.app.url, 'GET', '/api/v1/openapi.json')).body;
    const campaign = components.schemas.FacebookCampaign;
    expect(campaign.properties.daily_budget.type).toBe('string');
    expect(campaign.additionalProperties).toBe(true);
    expect(components.schemas.GoogleAdsRow.additionalProperties).toBe(true);
    expect(components.schemas.GoogleAdsRow.properties.metrics.properties.clicks.type).toBe('string');
    expect(components.schemas.TiktokCampaign.properties.campaign_id.type).toBe('string');
    expect(components.schemas.StandardErrorEnvelopeDto.properties.error.properties.code.enum).toContain('IDEMPOTENCY_KEY_REUSED');
  });

  it('documents 202, Prefer, Idempotency-Key and Idempotent-Replayed on a write, and the wire headers everywhere', async () => {
    const { paths } = (await http(w.app.url, 'GET', '/api/v1/openapi.json')).body;
    const create = paths['/api/v1/facebook/campaigns'].post;
    const params = create.parameters.map((p: { $ref?: string; name?: string }) => p.$ref ?? p.name);
    expect(params).toEqual(expect.arrayContaining(['#/components/parameters/IdempotencyKey', '#/components/parameters/Prefer', '#/components/parameters/XRequestId']));
    expect(Object.keys(create.responses['202'].headers)).toEqual(expect.arrayContaining(['Location', 'x-request-id']));
    expect(Object.keys(create.responses['200'].headers)).toEqual(expect.arrayContaining(['Idempotent-Replayed', 'RateLimit-Remaining']));
    expect(Object.keys(create.responses['429'].headers)).toContain('Retry-After');
    expect(create.security).toEqual([{ bearer: [] }, { apiKey: [], externalUser: [] }, { apiKey: [], externalUserQuery: [] }, { tokenQuery: [] }]);
    expect(paths['/api/v1/facebook/campaigns/{objective}']).toBeUndefined();
    for (const objective of ['lead', 'awareness', 'traffic', 'engagement', 'sales']) expect(paths[`/api/v1/facebook/campaigns/${objective}`].post.deprecated).toBeUndefined();
  });

  it('documents externalUserId in the query (with x-api-key) as a security scheme and a query parameter', async () => {
    const { paths, components } = (await http(w.app.url, 'GET', '/api/v1/openapi.json')).body;
    expect(components.securitySchemes.externalUserQuery).toMatchObject({ type: 'apiKey', in: 'query', name: 'externalUserId' });
    expect(components.parameters.ExternalUserIdQuery).toMatchObject({ name: 'externalUserId', in: 'query', required: false });
    const external = paths['/api/v1/jobs/{jobId}'].get;
    expect(external.security).toContainEqual({ apiKey: [], externalUserQuery: [] });
    expect(external.parameters).toContainEqual({ $ref: '#/components/parameters/ExternalUserIdQuery' });
    // A route whose query DTO names externalUserId itself documents it once.
    for (const [path, methods] of Object.entries<Record<string, any>>(paths)) {
      for (const [method, op] of Object.entries<any>(methods)) {
        const named = (op.parameters ?? []).filter((p: { $ref?: string; in?: string; name?: string }) => p.$ref === '#/components/parameters/ExternalUserIdQuery' || (p.in === 'query' && p.name === 'externalUserId'));
        if (named.length > 1) throw new Error(`${method} ${path} documents externalUserId twice`);
      }
    }
    expect(paths['/api/v1/tenant/webhooks'].get.security).not.toContainEqual({ apiKey: [], externalUserQuery: [] });
  });

  it('names the schemas the contract names: ErrorResponse on the team surface, ReadPixelsDto and ReadPixelEventsDto beside their query parameters', async () => {
    const { components, paths } = (await http(w.app.url, 'GET', '/api/v1/openapi.json')).body;
    const named = ['StandardErrorEnvelopeDto', 'ErrorResponse', 'ReadPixelsDto', 'ReadPixelEventsDto', ...CONTRACT_DTOS];
    expect(named.filter((n) => !components.schemas[n])).toEqual([]);

    const errorOf = (path: string, method: string) => paths[path][method].responses['401'].content['application/json'].schema;
    expect(errorOf('/api/v1/{teamId}/connections', 'get')).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
    expect(errorOf('/api/v1/{teamId}/auth/token', 'post')).toEqual({ $ref: '#/components/schemas/ErrorResponse' });
    expect(errorOf('/api/v1/connections', 'get')).toEqual({ $ref: '#/components/schemas/StandardErrorEnvelopeDto' });

    for (const [path, dto, fields] of [
      ['/api/v1/tiktok/pixels', 'ReadPixelsDto', ['adAccountId', 'pixelId', 'code', 'name', 'orderBy', 'page', 'pageSize']],
      ['/api/v1/tiktok/pixels/events/stats', 'ReadPixelEventsDto', ['adAccountId', 'pixelIds', 'startDate', 'endDate']],
    ] as const) {
      const op = paths[path].get;
      const queryNames = op.parameters.filter((p: { in?: string }) => p.in === 'query').map((p: { name: string }) => p.name);
      expect(queryNames).toEqual(expect.arrayContaining([...fields]));
      expect(op['x-query-schema']).toEqual({ $ref: `#/components/schemas/${dto}` });
      expect(Object.keys(components.schemas[dto].properties)).toEqual(expect.arrayContaining([...fields]));
    }
  });
});
