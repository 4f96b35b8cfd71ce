import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';

/**
 * The SDK's `Transport` for one stateless HTTP exchange answered with JSON: the messages of one POST
 * go in, and `answers` resolves once the server has sent one response for each request id (in the
 * order the requests came). The server's own JSON-RPC dispatch, ids, errors and schema checks stay
 * the SDK's; this class only carries messages, which is why the HTTP rules sit in `http-rules.ts`.
 *
 * A JSON answer has no stream, so what the server sends besides responses (progress, log lines,
 * requests to the client) is dropped, as the SDK's own transport does with `enableJsonResponse`.
 */
export class JsonResponseTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onerror?: Transport['onerror'];
  onclose?: Transport['onclose'];

  /** Each request id's response, once sent. */
  private readonly responses = new Map<RequestId, JSONRPCMessage | undefined>();
  private settle!: (answers: JSONRPCMessage[] | undefined) => void;
  private closed = false;
  /** The responses in request order, or undefined when the transport closed before all were sent. */
  readonly answers = new Promise<JSONRPCMessage[] | undefined>((resolve) => (this.settle = resolve));

  constructor(requestIds: readonly RequestId[]) {
    for (const id of requestIds) this.responses.set(id, undefined);
  }

  async start(): Promise<void> {}

  /** Hands the POST's messages to the server, with the HTTP layer's authentication for every handler. */
  deliver(messages: readonly JSONRPCMessage[], authInfo: AuthInfo): void {
    for (const m of messages) this.onmessage?.(m, { authInfo });
  }

  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    // The server's own messages are well formed: a response is the one with a result or an error.
    if (this.closed || !('result' in message || 'error' in message)) return;
    const id = message.id;
    // One response per request id: a second one, or one for an id this POST did not carry, is not ours to send.
    if (id === undefined || !this.responses.has(id) || this.responses.get(id) !== undefined) return;
    this.responses.set(id, message);
    const all = [...this.responses.values()];
    if (all.every((m) => m !== undefined)) this.settle(all as JSONRPCMessage[]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.settle(undefined);
    this.onclose?.();
  }
}
