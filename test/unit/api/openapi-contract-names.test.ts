import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../../api/openapi-document';

type Doc = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any> } };

const NAMES = [
  'StandardSuccessEnvelopeDto', 'StandardSuccessEnvelope', 'RawSuccessPayload', 'GenericObjectDto', 'Object', 'MessageDto', 'AuthTokenDto',
  'TokenDto', 'AccessTokenDto', 'CreateTenantAppDto', 'UpdateTenantAppDto', 'SocialAccessTokenDto', 'SocialTokenBrokerDto',
];

describe('the contract’s schema names', () => {
  const doc = openApiDocument() as Doc;
  const text = JSON.stringify(doc);
  const refsTo = (name: string) => text.split(`"#/components/schemas/${name}"`).length - 1;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi.json' });
  const fits = (name: string, value: unknown) => ajv.validate({ $ref: `openapi.json#/components/schemas/${name}` }, value);

  it('are all in components.schemas', () => {
    expect(NAMES.filter((n) => !doc.components.schemas[n])).toEqual([]);
  });

  it('are referenced where their shape occurs', () => {
    const ok = (path: string, method: string, status: string) => doc.paths[path]![method].responses[status].content['application/json'].schema.$ref.split('/').pop();
    // Every operation's envelope refines the standard one; the team surface's under its own name.
    expect(doc.components.schemas[ok('/api/v1/tenant', 'get', '200')].allOf).toEqual([{ $ref: '#/components/schemas/StandardSuccessEnvelopeDto' }]);
    expect(doc.components.schemas[ok('/api/v1/{teamId}/auth/token', 'post', '200')].allOf).toEqual([{ $ref: '#/components/schemas/StandardSuccessEnvelope' }]);
    expect(doc.components.schemas[ok('/api/v1/auth/token', 'post', '200')].properties.data).toEqual({ $ref: '#/components/schemas/AuthTokenDto' });
    expect(doc.paths['/api/v1/connections/{platform}/activate']!.post.requestBody.content['application/json'].schema.anyOf).toContainEqual({ $ref: '#/components/schemas/SocialAccessTokenDto' });
    expect(doc.components.schemas.ConnectionCallbackResponse.properties.data).toEqual({ $ref: '#/components/schemas/SocialTokenBrokerDto' });
    expect(doc.components.schemas.StandardErrorEnvelopeDto.properties.error.properties.details.items).toEqual({ $ref: '#/components/schemas/Object' });
    expect(doc.paths['/api/v1/tenant/apps/google']!.post.requestBody.content['application/json'].schema.allOf).toEqual([
      { $ref: '#/components/schemas/CreateTenantAppDto' },
      { $ref: '#/components/schemas/CreateGoogleAppDto' },
    ]);
    expect(doc.paths['/api/v1/tenant/apps/linkedin']!.patch.requestBody.content['application/json'].schema.allOf[0]).toEqual({ $ref: '#/components/schemas/UpdateTenantAppDto' });
    expect(NAMES.filter((n) => refsTo(n) === 0)).toEqual([]);
  });

  it('mean what their names say', () => {
    const envelope = { success: true, message: 'Done', timestamp: '2026-01-01T00:00:00.000Z', statusCode: 200, data: [1] };
    expect(fits('StandardSuccessEnvelope', envelope)).toBe(true);
    expect(fits('StandardSuccessEnvelopeDto', { ...envelope, success: false })).toBe(false);
    expect(fits('TokenDto', { accessToken: 'a', tokenType: 'Bearer', expiresIn: 900, refreshToken: 'r', refreshExpiresIn: 86400 })).toBe(true);
    expect(fits('AccessTokenDto', { accessToken: 'a', tokenType: 'Bearer' })).toBe(false);
    expect(fits('CreateTenantAppDto', { appId: '1234567890123456', appSecret: 's3cret' })).toBe(true);
    expect(fits('CreateTenantAppDto', { appSecret: 's3cret' })).toBe(false);
    expect(fits('UpdateTenantAppDto', { clientSecret: 'new' })).toBe(true);
    expect(fits('SocialAccessTokenDto', { adAccountId: 'act_1', accessToken: 'EAAB' })).toBe(true);
    expect(fits('SocialAccessTokenDto', { adAccountId: 'act_1' })).toBe(false);
    expect(fits('SocialTokenBrokerDto', { status: 'success', platform: 'facebook', connectionId: 'c', adAccounts: 2 })).toBe(true);
    expect(fits('Object', [])).toBe(false);
    expect(fits('GenericObjectDto', { any: 'thing' })).toBe(true);
  });
});

describe('per-level reads', () => {
  const doc = openApiDocument() as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi.json' });
  const fits = (name: string, value: unknown) => ajv.validate({ $ref: `openapi.json#/components/schemas/${name}` }, value);
  const page = { page: 1, page_size: 10, total_number: 1, total_page: 1 };

  const rowsOf = (path: string, list: (data: any) => any) => {
    const ok = doc.paths[path]!.get.responses['200'].content['application/json'].schema.$ref.split('/').pop();
    const data = doc.components.schemas[ok].properties.data;
    return list(data.$ref ? doc.components.schemas[data.$ref.split('/').pop()] : data);
  };
  const levelsOf = (path: string) => doc.paths[path]!.get.parameters.find((p: { name: string }) => p.name === 'level').schema.enum;

  it('type the TikTok assets rows by the request’s level, each with its id', () => {
    const rows = rowsOf('/api/v1/tiktok/assets', (d) => d.properties.list.items);
    expect(rows['x-level-schemas']).toEqual({
      parameter: 'level',
      mapping: { campaign: '#/components/schemas/TiktokCampaignRow', adgroup: '#/components/schemas/TiktokAdGroupRow', ad: '#/components/schemas/TiktokAdRow' },
    });
    expect(Object.keys(rows['x-level-schemas'].mapping).sort()).toEqual([...levelsOf('/api/v1/tiktok/assets')].sort());
    expect(fits('TiktokAdRow', { ad_id: '1', adgroup_id: '2', campaign_id: null, ad_name: 'x' })).toBe(true);
    expect(fits('TiktokAdRow', { ad_name: 'x' })).toBe(false);
    expect(fits('TiktokAdGroupRow', { adgroup_id: '2', schedule_end_time: null })).toBe(true);
    expect(fits('TiktokCampaignRow', { campaign_id: 5 })).toBe(false);
    expect(fits('TiktokAssetsList', { list: [{ campaign_id: '5' }], page_info: page })).toBe(true);
  });

  it('type the Google assets rows by the request’s level, each with its FROM resource', () => {
    const rows = rowsOf('/api/v1/google/assets', (d) => d.properties.data.items);
    expect(Object.keys(rows['x-level-schemas'].mapping).sort()).toEqual([...levelsOf('/api/v1/google/assets')].sort());
    expect(rows['x-level-schemas'].mapping.ad_group).toBe('#/components/schemas/GoogleAdGroupRow');
    expect(fits('GoogleAdGroupRow', { adGroup: { resourceName: 'customers/1/adGroups/2', id: '2' }, metrics: { clicks: '3' } })).toBe(true);
    expect(fits('GoogleAdGroupRow', { campaign: { resourceName: 'customers/1/campaigns/1' } })).toBe(false);
    expect(fits('GoogleKeywordRow', { adGroupCriterion: { criterionId: '7' } })).toBe(false);
  });

  it('mark the period of a Meta insights row required: Graph always sends it', () => {
    expect(doc.components.schemas.FacebookInsightsRow.required).toEqual(['date_start', 'date_stop']);
  });
});
