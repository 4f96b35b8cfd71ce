/*
 * Names the product's contract uses for shapes the document otherwise only spells out inline or per
 * platform, each referenced where the shape occurs, so a client written against either name gets
 * one type:
 *   StandardSuccessEnvelopeDto / StandardSuccessEnvelope  every success answer (each operation's own envelope refines it)
 *   RawSuccessPayload                                     that envelope's `data` before an operation types it
 *   MessageDto                                            the human `message` every envelope carries
 *   GenericObjectDto / Object                             a JSON object whose keys the operation does not fix
 *   AccessTokenDto, TokenDto, AuthTokenDto                the access token, the access + refresh pair, the external user's pair
 *   CreateTenantAppDto / UpdateTenantAppDto               any platform's app body (the per-platform bodies)
 *   SocialAccessTokenDto                                  the activation body that brings its own platform token
 *   SocialTokenBrokerDto                                  what the platform token exchange (the OAuth callback) answers
 */
import { APP_PLATFORMS } from '../shared/domain/tenants/platform-apps';

type Schema = Record<string, any>;
type Doc = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, Schema> } };

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const FREE_OBJECT = JSON.stringify({ type: 'object', additionalProperties: {} });

const tokenLifetime = { type: 'integer', description: 'Access token lifetime in seconds' };

function contractSchemas(): Record<string, Schema> {
  return {
    MessageDto: {
      type: 'object',
      description: 'What just happened, in words (every answer, success or error, carries it)',
      properties: { message: { type: 'string', example: 'Campaign created' } },
      required: ['message'],
    },
    RawSuccessPayload: {
      description:
        'The `data` of a success answer: the operation’s own payload, which each operation’s envelope types (for a platform read, the platform’s answer unchanged)',
    },
    StandardSuccessEnvelopeDto: {
      type: 'object',
      description: 'Every success answer; each operation’s `…Response` refines `data` (and names its job where it started one)',
      allOf: [ref('MessageDto')],
      properties: {
        success: { type: 'boolean', enum: [true] },
        message: { type: 'string' },
        timestamp: { type: 'string', format: 'date-time' },
        statusCode: { type: 'integer', example: 200 },
        data: ref('RawSuccessPayload'),
        jobId: { type: 'string', format: 'uuid', description: 'The job this answer started or joined, when it did' },
        pollUrl: { type: 'string', description: 'That job: `GET /api/v1/jobs/{jobId}`' },
      },
      required: ['success', 'message', 'timestamp', 'statusCode', 'data'],
    },
    StandardSuccessEnvelope: { allOf: [ref('StandardSuccessEnvelopeDto')], description: 'The success envelope, under the name the error envelope’s `ErrorResponse` pairs with' },
    GenericObjectDto: { type: 'object', additionalProperties: true, description: 'A JSON object whose keys the operation does not fix' },
    Object: { allOf: [ref('GenericObjectDto')], description: 'Any JSON object (the same as `GenericObjectDto`)' },
    AccessTokenDto: {
      type: 'object',
      description: 'An access token to send as `Authorization: Bearer …`, and how long it lives',
      properties: { accessToken: { type: 'string' }, tokenType: { type: 'string', enum: ['Bearer'] }, expiresIn: tokenLifetime },
      required: ['accessToken', 'tokenType', 'expiresIn'],
    },
    TokenDto: {
      type: 'object',
      description: 'An access token with the refresh token that renews it (rotated on every use)',
      allOf: [ref('AccessTokenDto')],
      properties: { refreshToken: { type: 'string' }, refreshExpiresIn: { type: 'integer', description: 'Refresh token lifetime in seconds' } },
      required: ['refreshToken', 'refreshExpiresIn'],
    },
    AuthTokenDto: { allOf: [ref('AuthTokensDto')], description: 'An external user’s tokens, as `POST /api/v1/auth/token` and its refresh answer them' },
    CreateTenantAppDto: {
      description: 'The body that stores a platform’s app: one platform’s fields (`POST /api/v1/tenant/apps/{platform}` takes its own)',
      anyOf: APP_PLATFORMS.map((p) => ref(`Create${cap(p)}AppDto`)),
    },
    UpdateTenantAppDto: {
      description: 'The body that changes a stored app: some of one platform’s fields (`PATCH /api/v1/tenant/apps/{platform}` takes its own)',
      anyOf: APP_PLATFORMS.map((p) => ref(`Update${cap(p)}AppDto`)),
    },
    SocialAccessTokenDto: {
      description: 'Activates an ad account with a platform token the caller brings (e.g. a Meta system-user token) instead of an OAuth connection',
      allOf: [ref('ActivateAdAccountDto')],
      required: ['adAccountId', 'accessToken'],
    },
    SocialTokenBrokerDto: {
      description: 'What the platform token exchange answers (the OAuth callback, as JSON when no redirect is set): the connection it stored the tokens under, never a token',
      allOf: [ref('ConnectionCallbackResultDto')],
    },
  };
}

function isSuccessEnvelope(s: Schema): boolean {
  return Array.isArray(s.properties?.success?.enum) && s.properties.success.enum[0] === true && 'data' in s.properties;
}

/** Inline free objects (`{ type: object, additionalProperties: {} }`) become the named one, keeping their words. */
function nameFreeObjects(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const { description, example, ...shape } = v as Schema;
      if (JSON.stringify(shape) === FREE_OBJECT) {
        (node as Record<string, unknown>)[k] = { ...ref('GenericObjectDto'), ...(description ? { description } : {}), ...(example !== undefined ? { example } : {}) };
        continue;
      }
    }
    nameFreeObjects(v);
  }
}

/** Envelope names used only by operations of the team-scoped surface (`/api/v1/{teamId}/…`). */
function teamEnvelopes(doc: Doc): Set<string> {
  const uses = new Map<string, boolean>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const op of Object.values(methods)) {
      for (const res of Object.values<Schema>(op?.responses ?? {})) {
        const name = String(res.content?.['application/json']?.schema?.$ref ?? '').split('/').pop();
        if (name) uses.set(name, (uses.get(name) ?? true) && path.startsWith('/api/v1/{teamId}/'));
      }
    }
  }
  return new Set([...uses].filter(([, onlyTeam]) => onlyTeam).map(([name]) => name));
}

/** Adds the contract's names to `doc` and points the shapes they name at them. */
export function addContractNames(doc: Doc): void {
  const schemas = doc.components.schemas;
  const team = teamEnvelopes(doc);
  for (const [name, s] of Object.entries(schemas)) {
    if (!isSuccessEnvelope(s)) continue;
    // The team-scoped surface names its envelopes as it names its error envelope (`ErrorResponse`).
    s.allOf = [...(s.allOf ?? []), ref(team.has(name) ? 'StandardSuccessEnvelope' : 'StandardSuccessEnvelopeDto')];
    if (s.properties.data?.$ref === ref('AuthTokensDto').$ref) s.properties.data = ref('AuthTokenDto');
  }
  for (const name of ['AuthTokensDto', 'AccessTokensDto']) if (schemas[name]) schemas[name].allOf = [ref('TokenDto')];
  nameFreeObjects(doc.paths);
  nameFreeObjects(schemas);
  Object.assign(schemas, contractSchemas());
  for (const p of APP_PLATFORMS) {
    const path = doc.paths[`/api/v1/tenant/apps/${p}`];
    for (const [method, union] of [['post', 'CreateTenantAppDto'], ['patch', 'UpdateTenantAppDto']] as const) {
      const body = path?.[method]?.requestBody?.content?.['application/json'];
      if (body?.schema?.$ref) body.schema = { allOf: [ref(union), body.schema] };
    }
  }
  const details = schemas.StandardErrorEnvelopeDto?.properties?.error?.properties?.details;
  if (details?.items) details.items = ref('Object');
  const activate = doc.paths['/api/v1/connections/{platform}/activate']?.post?.requestBody?.content?.['application/json'];
  if (activate) activate.schema = { anyOf: [ref('SocialAccessTokenDto'), ref('ActivateAdAccountDto')] };
  const callback = schemas.ConnectionCallbackResponse;
  if (callback?.properties?.data) callback.properties.data = ref('SocialTokenBrokerDto');
}
