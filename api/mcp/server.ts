import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { ErrorRequestHandler } from 'express';
import { isAppError } from '../../shared/errors/app-error';
import { statusForCode } from '../http/error-to-http';
import { defineRoute, type RouteSpec } from '../routes/route';
import type { AppDeps } from '../deps';
import type { ToolCall } from './route-call';
import { register, type ToolSpec } from './tool-kit';
import { JsonResponseTransport } from './json-transport';
import { mcpParseError, methodNotAllowed, readPost, sendRefusal, type McpPost } from './http-rules';
import { listAdAccounts } from './tools/accounts';
import { getJob, getPerformance, listJobs } from './tools/reads';
import { updateStatus } from './tools/writes';
import { updateBudget } from './tools/budget';
import { listAds, listAdSets, listCampaigns } from './tools/lists';
import { createCampaign } from './tools/create';
import { platformMcp } from './platforms';
import { PLATFORMS } from '../../shared/platforms';

/** The curated tool set (docs/mcp.md lists each with its annotations). */
export const MCP_TOOLS: readonly ToolSpec[] = [
  listAdAccounts,
  getPerformance,
  listCampaigns,
  listAdSets,
  listAds,
  getJob,
  listJobs,
  createCampaign,
  updateStatus,
  updateBudget,
  ...PLATFORMS.flatMap((p) => platformMcp[p].tools ?? []),
];

export const MCP_PATH = '/mcp';
const METADATA_PATH = '/.well-known/oauth-protected-resource';

const INSTRUCTIONS =
  "Tools act for one end user of the tenant on that user's activated ad accounts only (list_ad_accounts). " +
  'Write tools preview first: call without confirm, show the preview, then call again with confirm = confirmToken.';

/**
 * Servers with every tool registered, each connected to a transport of its own. A Protocol instance
 * takes one transport at a time and the transport answers one POST at a time, so each request takes a
 * server of its own from here (or a new one) and gives it back once its HTTP response closed: building
 * a server and registering the tools costs about a sixth of the endpoint's own time. A server whose
 * client went away before all its answers were sent is closed instead, which aborts that request's
 * handlers, so nothing of one request reaches another. A server that answered `initialize` holds that
 * client's capabilities and is closed rather than given back.
 */
interface PooledServer {
  server: McpServer;
  transport: JsonResponseTransport;
}
const idle: PooledServer[] = [];
const MAX_IDLE = 64;
/** Built once: each server would otherwise build its own Ajv instance (used only for elicitation answers). */
let validator: AjvJsonSchemaValidator | undefined;

async function takeServer(): Promise<PooledServer> {
  const kept = idle.pop();
  if (kept) return kept;
  validator ??= new AjvJsonSchemaValidator();
  const server = new McpServer(
    { name: 'ads-accounts-gateway', version: '0.1.0' },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: validator },
  );
  for (const tool of MCP_TOOLS) register(server, tool);
  const transport = new JsonResponseTransport();
  await server.connect(transport);
  transport.dispatchRequestsTo(server.server);
  return { server, transport };
}

function giveBack(pooled: PooledServer): void {
  const reusable = !pooled.transport.answering && pooled.server.server.getClientCapabilities() === undefined;
  if (reusable && idle.length < MAX_IDLE) idle.push(pooled);
  else void pooled.server.close();
}

const resourceMetadataUrl = (deps: AppDeps) => `${deps.config.PUBLIC_URL}${METADATA_PATH}${MCP_PATH}`;

/**
 * RFC 9728: the gateway is the protected resource and the issuer of its tokens (an external user's
 * access token from POST /api/v1/auth/token, or the tenant's x-api-key with x-external-user-id).
 */
function protectedResourceMetadata(deps: AppDeps) {
  const base = deps.config.PUBLIC_URL;
  return {
    resource: `${base}${MCP_PATH}`,
    authorization_servers: [base],
    bearer_methods_supported: ['header'],
    resource_name: 'Ads Accounts Gateway MCP server',
    resource_documentation: `${base}/docs`,
  };
}

/**
 * The endpoint's errors as MCP clients read them: MCP clients find the resource metadata through the
 * challenge on every 401 (RFC 9728 §5.1), and a body that is not JSON is a JSON-RPC parse error.
 */
export function mcpChallenge(deps: AppDeps): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (isAppError(err) && statusForCode(err.code) === 401 && !res.headersSent) {
      res.setHeader('WWW-Authenticate', `Bearer resource_metadata="${resourceMetadataUrl(deps)}"`);
    }
    mcpParseError(err, req, res, next);
  };
}

/**
 * One POST through a pooled server. Requests are answered with their responses as JSON (one object,
 * or an array for a batch); notifications and responses alone with 202.
 */
async function answerPost(post: McpPost, call: ToolCall): Promise<void> {
  const { res } = call;
  const pooled = await takeServer();
  // Every handler gets the HTTP request's authentication as `authInfo`: the tools find their request there.
  const authInfo: AuthInfo = { token: '', clientId: '', scopes: [], extra: { call } };
  if (post.requestIds.length === 0) {
    void pooled.transport.exchange(post.messages, [], authInfo);
    res.status(202).end();
    giveBack(pooled);
    return;
  }
  res.on('close', () => giveBack(pooled));
  const answers = await pooled.transport.exchange(post.messages, post.requestIds, authInfo);
  // No answers: the client went away and the server was closed with its handlers.
  if (!answers || res.headersSent) return;
  res.status(200).json(post.batch ? answers : answers[0]);
}

const metadataRoute = (path: string): RouteSpec =>
  defineRoute({
    method: 'get',
    path,
    operationId: path === METADATA_PATH ? 'mcpResourceMetadata' : 'mcpResourceMetadataForPath',
    summary: 'OAuth protected resource metadata of the MCP endpoint',
    tags: ['MCP'],
    auth: 'none',
    hidden: true,
    handler: async ({ deps, res }) => {
      res.set('Cache-Control', 'public, max-age=3600').json(protectedResourceMetadata(deps));
      return { handled: true };
    },
  });

/*
 * The endpoint is mounted as routes with auth mode `external`, so it has the REST surface's abuse
 * limits, credentials, inbound rate limit, request id, metrics and logs. It speaks JSON-RPC, not the
 * envelope, so it is left out of the OpenAPI document (docs/mcp.md describes it).
 */
export const mcpRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: MCP_PATH,
    operationId: 'mcp',
    summary: 'Model Context Protocol (Streamable HTTP, stateless)',
    tags: ['MCP'],
    auth: 'external',
    hidden: true,
    handler: async ({ deps, auth, req, res }) => {
      const post = readPost(req);
      if ('status' in post) sendRefusal(res, post);
      else await answerPost(post, { deps, auth, req, res });
      return { handled: true };
    },
  }),
  ...(['get', 'delete'] as const).map((method) =>
    defineRoute({
      method,
      path: MCP_PATH,
      operationId: `mcp${method === 'get' ? 'Get' : 'Delete'}`,
      summary: 'Not served: the MCP endpoint is stateless (no stream, no session)',
      tags: ['MCP'],
      auth: 'external',
      hidden: true,
      handler: async ({ res }) => {
        sendRefusal(res, methodNotAllowed);
        return { handled: true };
      },
    }),
  ),
  metadataRoute(METADATA_PATH),
  metadataRoute(`${METADATA_PATH}${MCP_PATH}`),
];
