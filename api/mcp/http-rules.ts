import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  SUPPORTED_PROTOCOL_VERSIONS,
  type JSONRPCMessage,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import type { ErrorRequestHandler, Request, Response } from 'express';

/**
 * The Streamable HTTP rules of a stateless server answering with JSON (docs/mcp.md lists each with
 * its source): what a POST must carry before its messages reach the server, and the JSON-RPC error
 * (id null: no request of it was read) for one that does not.
 */

export interface Refusal {
  status: number;
  code: number;
  message: string;
  headers?: Record<string, string>;
}

/** The POST's messages, and the ids of those that are requests (each gets exactly one response). */
export interface McpPost {
  messages: JSONRPCMessage[];
  requestIds: RequestId[];
  batch: boolean;
}

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
/** The SDK's code for an HTTP-level refusal that JSON-RPC has no code of its own for. */
const TRANSPORT_ERROR = -32000;

const invalid = (message: string): Refusal => ({ status: 400, code: INVALID_REQUEST, message: `Invalid Request: ${message}` });

export function sendRefusal(res: Response, r: Refusal): void {
  res.status(r.status).set(r.headers ?? {}).json({ jsonrpc: '2.0', error: { code: r.code, message: r.message }, id: null });
}

/** GET would open a server-to-client stream and DELETE end a session: a stateless server has neither. */
export const methodNotAllowed: Refusal = { status: 405, code: TRANSPORT_ERROR, message: 'Method Not Allowed: this server is stateless, send POST', headers: { Allow: 'POST' } };

/** The client lists both answer types it takes (the SDK's check: each named in the header). */
function acceptRefusal(req: Request): Refusal | undefined {
  const accept = req.headers.accept ?? '';
  if (accept.includes('application/json') && accept.includes('text/event-stream')) return undefined;
  return { status: 406, code: TRANSPORT_ERROR, message: 'Not Acceptable: Client must accept both application/json and text/event-stream' };
}

/** The media type itself, parameters aside (not a substring of the header). */
function contentTypeRefusal(req: Request): Refusal | undefined {
  const essence = (req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  if (essence === 'application/json') return undefined;
  return { status: 415, code: TRANSPORT_ERROR, message: 'Unsupported Media Type: Content-Type must be application/json' };
}

/** Checked on every POST but one that initializes (its version is negotiated in the body); absent means the default version. */
function versionRefusal(req: Request): Refusal | undefined {
  const version = req.headers['mcp-protocol-version'];
  if (version === undefined || (typeof version === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(version))) return undefined;
  return { status: 400, code: TRANSPORT_ERROR, message: `Bad Request: Unsupported protocol version: ${String(version)} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})` };
}

/** The SDK's own message schemas, in the order its Protocol dispatches by them; undefined when none matches. */
function requestIdOf(m: unknown): RequestId | null | undefined {
  if (isJSONRPCRequest(m)) return m.id;
  if (isJSONRPCNotification(m) || isJSONRPCResultResponse(m) || isJSONRPCErrorResponse(m)) return null;
  return undefined;
}

const parseError: Refusal = { status: 400, code: PARSE_ERROR, message: 'Parse error: Invalid JSON' };

function readMessages(body: unknown): McpPost | Refusal {
  const batch = Array.isArray(body);
  const raw: unknown[] = batch ? body : [body];
  if (raw.length === 0) return invalid('empty batch');
  if (raw.length > MAX_BATCH_SIZE) return invalid(`Batch must not exceed ${MAX_BATCH_SIZE} messages`);
  const requestIds: RequestId[] = [];
  for (const m of raw) {
    const id = requestIdOf(m);
    if (id === undefined) return invalid('not a JSON-RPC 2.0 message');
    if (id === null) continue;
    if (requestIds.includes(id)) return invalid(`request id ${String(id)} used twice`);
    requestIds.push(id);
  }
  const messages = raw as JSONRPCMessage[];
  const initializing = messages.some((m) => 'method' in m && m.method === 'initialize');
  if (initializing && messages.length > 1) return invalid('Only one initialization request is allowed');
  return { messages, requestIds, batch };
}

/** The POST's messages, or why it is refused, checked in the SDK transport's order. */
export function readPost(req: Request): McpPost | Refusal {
  const refused = acceptRefusal(req) ?? contentTypeRefusal(req);
  if (refused) return refused;
  // express makes an empty JSON body `{}`: the empty text is not JSON.
  if (req.body === undefined || req.headers['content-length'] === '0') return parseError;
  const post = readMessages(req.body);
  if ('status' in post) return post;
  const initializing = post.messages.length === 1 && 'method' in post.messages[0]! && post.messages[0].method === 'initialize';
  return (initializing ? undefined : versionRefusal(req)) ?? post;
}

/** A body that is not JSON is a JSON-RPC parse error on this endpoint, not the REST envelope. */
export const mcpParseError: ErrorRequestHandler = (err: { type?: string }, _req, res, next) => {
  if (err?.type !== 'entity.parse.failed' || res.headersSent) return next(err);
  sendRefusal(res, parseError);
};
