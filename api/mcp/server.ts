import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { ErrorRequestHandler, Response } from 'express';
import { isAppError } from '../../shared/errors/app-error';
import { statusForCode } from '../http/error-to-http';
import { defineRoute, type RouteSpec } from '../routes/route';
import type { AppDeps } from '../deps';
import type { ToolCall } from './route-call';
import { register, type ToolSpec } from './tool-kit';
import { listAdAccounts } from './tools/accounts';
import { getJob, getPerformance, googleAdsSearch, listJobs } from './tools/reads';
import { updateBudget, updateStatus } from './tools/writes';
import { listAds, listAdSets, listCampaigns } from './tools/lists';
import { createCampaign } from './tools/create';

/** The curated tool set (docs/mcp.md lists each with its annotations). */
export const MCP_TOOLS: readonly ToolSpec[] = [
  listAdAccounts,
  getPerformance,
  listCampaigns,
  listAdSets,
  listAds,
  googleAdsSearch,
  getJob,
  listJobs,
  createCampaign,
  updateStatus,
  updateBudget,
];

export const MCP_PATH = '/mcp';
const METADATA_PATH = '/.well-known/oauth-protected-resource';

const INSTRUCTIONS =
  "Tools act for one end user of the tenant on that user's activated ad accounts only (list_ad_accounts). " +
  'Write tools preview first: call without confirm, show the preview, then call again with confirm = confirmToken.';

/**
 * The server's JSON Schema validator (used only for elicitation answers), built once: each server
 * would otherwise build its own Ajv instance, the largest cost of a tool call after the tool itself.
 */
let validator: AjvJsonSchemaValidator | undefined;

/** One server per request: stateless, so any replica answers any call (no session to find). */
function serverFor(call: ToolCall): McpServer {
  validator ??= new AjvJsonSchemaValidator();
  const server = new McpServer(
    { name: 'ads-accounts-gateway', version: '0.1.0' },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: validator },
  );
  for (const tool of MCP_TOOLS) register(server, tool, call);
  return server;
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

/** MCP clients find the resource metadata through this challenge on every 401 of the endpoint (RFC 9728 §5.1). */
export function mcpChallenge(deps: AppDeps): ErrorRequestHandler {
  return (err, _req, res, next) => {
    if (isAppError(err) && statusForCode(err.code) === 401 && !res.headersSent) {
      res.setHeader('WWW-Authenticate', `Bearer resource_metadata="${resourceMetadataUrl(deps)}"`);
    }
    next(err);
  };
}

const notAllowed = (res: Response) =>
  res.status(405).set('Allow', 'POST').json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless, send POST' }, id: null });

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
      const server = serverFor({ deps, auth, req, res });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
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
        notAllowed(res);
        return { handled: true };
      },
    }),
  ),
  metadataRoute(METADATA_PATH),
  metadataRoute(`${METADATA_PATH}${MCP_PATH}`),
];
