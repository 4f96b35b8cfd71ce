/**
 * The Streamable HTTP rules of POST /mcp, a stateless server answering with JSON (docs/mcp.md), seen
 * as raw HTTP: what a client that breaks one gets, and what a batch, a notification and a
 * supported protocol version get.
 */
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { useWorld } from '../../world';
import { FB_ENV } from '../facebook/fixtures';
import { connectUsers } from './support';

const w = useWorld({ platforms: ['facebook', 'google'], env: FB_ENV }, connectUsers);

const ACCEPT = 'application/json, text/event-stream';
const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

async function post(body: unknown, headers: Record<string, string> = {}, raw?: string) {
  const r = await fetch(`${w.url}/mcp`, {
    method: 'POST',
    headers: { ...w.user.headers, 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body: raw ?? JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, headers: r.headers, text, json: text ? (JSON.parse(text) as Record<string, unknown> & { error?: { code: number; message: string } }) : undefined };
}

describe('HTTP methods', () => {
  it.each(['GET', 'DELETE'])('%s /mcp is 405 with Allow: POST (no stream to open, no session to end)', async (method) => {
    const r = await fetch(`${w.url}/mcp`, { method, headers: { ...w.user.headers, accept: 'text/event-stream' } });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST');
    expect(await r.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringMatching(/^Method Not Allowed/) }, id: null });
  });
});

describe('headers', () => {
  it.each([
    ['no Accept', { accept: '' }],
    ['JSON only', { accept: 'application/json' }],
    ['the event stream only', { accept: 'text/event-stream' }],
  ])('Accept with %s is 406', async (_what, headers) => {
    const r = await post(LIST, headers);
    expect(r.status).toBe(406);
    expect(r.json).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: expect.stringMatching(/^Not Acceptable/) }, id: null });
  });

  it.each([['text/plain'], ['application/x-www-form-urlencoded'], ['text/plain; a=application/json']])('Content-Type %s is 415', async (type) => {
    const r = await post(LIST, { 'content-type': type });
    expect(r.status).toBe(415);
    expect(r.json?.error).toEqual({ code: -32000, message: expect.stringMatching(/^Unsupported Media Type/) });
  });

  it('Content-Type with a charset parameter is JSON', async () => {
    const r = await post(LIST, { 'content-type': 'application/json; charset=utf-8' });
    expect(r.status).toBe(200);
    expect(r.json).toEqual(expect.objectContaining({ jsonrpc: '2.0', id: 1, result: expect.objectContaining({ tools: expect.any(Array) }) }));
  });

  it('an MCP-Protocol-Version the SDK does not support is 400; a supported one is served', async () => {
    const bad = await post(LIST, { 'mcp-protocol-version': '1999-01-01' });
    expect(bad.status).toBe(400);
    expect(bad.json?.error).toEqual({ code: -32000, message: expect.stringContaining('Unsupported protocol version: 1999-01-01') });
    const good = await post(LIST, { 'mcp-protocol-version': LATEST_PROTOCOL_VERSION });
    expect(good.status).toBe(200);
  });

  it('initialize negotiates its version in the body, whatever the header says', async () => {
    const init = { jsonrpc: '2.0', id: 'i', method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const r = await post(init, { 'mcp-protocol-version': '1999-01-01' });
    expect(r.status).toBe(200);
    expect(r.json).toEqual(expect.objectContaining({ id: 'i', result: expect.objectContaining({ protocolVersion: LATEST_PROTOCOL_VERSION }) }));
  });
});

describe('bodies', () => {
  it.each([['not JSON', '{"jsonrpc": "2.0",'], ['empty', '']])('%s: 400 with JSON-RPC parse error -32700, not the REST envelope', async (_what, raw) => {
    const r = await post(undefined, {}, raw);
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: Invalid JSON' }, id: null });
  });

  it.each([
    ['not JSON-RPC', { hello: 'world' }],
    ['a request id that is an object', { jsonrpc: '2.0', id: { a: 1 }, method: 'tools/list' }],
    ['an empty batch', []],
    ['two requests with one id', [LIST, { ...LIST, method: 'ping' }]],
    ['initialize in a batch', [{ jsonrpc: '2.0', id: 2, method: 'initialize', params: {} }, LIST]],
  ])('%s: 400 with JSON-RPC invalid request -32600, nothing run', async (_what, body) => {
    const r = await post(body);
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: expect.stringMatching(/^Invalid Request/) }, id: null });
  });

  it('notifications alone: 202 with no body', async () => {
    const r = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(r.status).toBe(202);
    expect(r.text).toBe('');
  });

  it('a response alone (to a request the server never sent): 202 with no body', async () => {
    const r = await post({ jsonrpc: '2.0', id: 99, result: {} });
    expect(r.status).toBe(202);
    expect(r.text).toBe('');
  });

  it('a batch: one response per request id, in request order, none for its notification', async () => {
    const r = await post([{ jsonrpc: '2.0', id: 'b', method: 'ping' }, { jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 7, method: 'tools/list' }]);
    expect(r.status).toBe(200);
    const answers = r.json as unknown as Array<{ id: unknown; result?: Record<string, unknown> }>;
    expect(answers.map((a) => a.id)).toEqual(['b', 7]);
    expect(answers[0]!.result).toEqual({});
    expect(answers[1]!.result).toEqual(expect.objectContaining({ tools: expect.any(Array) }));
  });

  it('an unknown method is the SDK\'s JSON-RPC error for its id, on 200', async () => {
    const r = await post({ jsonrpc: '2.0', id: 3, method: 'no/such/method' });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ jsonrpc: '2.0', id: 3, error: expect.objectContaining({ code: -32601 }) });
  });

  it('a single request is answered with one JSON object', async () => {
    const r = await post(LIST);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.json).toEqual(expect.objectContaining({ jsonrpc: '2.0', id: 1 }));
  });
});
