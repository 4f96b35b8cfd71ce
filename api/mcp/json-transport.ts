import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { JSONRPCMessage, JSONRPCRequest, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** One POST's requests: each id's response once sent, and the promise of all of them in request order. */
class Exchange {
  private readonly responses = new Map<RequestId, JSONRPCMessage | undefined>();
  private settle!: (answers: JSONRPCMessage[] | undefined) => void;
  readonly answers = new Promise<JSONRPCMessage[] | undefined>((resolve) => (this.settle = resolve));

  constructor(requestIds: readonly RequestId[]) {
    for (const id of requestIds) this.responses.set(id, undefined);
  }

  /** Keeps a response to one of this POST's requests; true once every request has its response. */
  take(message: JSONRPCMessage & { id?: RequestId }): boolean {
    const id = message.id;
    // One response per request id: a second one, or one for an id this POST did not carry, is not ours to send.
    if (id !== undefined && this.responses.has(id) && this.responses.get(id) === undefined) this.responses.set(id, message);
    const all = [...this.responses.values()];
    if (!all.every((m) => m !== undefined)) return false;
    this.settle(all as JSONRPCMessage[]);
    return true;
  }

  abandon(): void {
    this.settle(undefined);
  }
}

/**
 * Runs the server's synchronous classification of incoming messages without error stacks. The SDK
 * tests every message against the two response schemas before the request schema, so each request
 * fails two zod parses whose errors it discards at once; capturing their stacks was the larger part
 * of their cost. The handlers run later, in promise callbacks, with stacks as usual.
 */
function withoutStacks(run: () => void): void {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    run();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * The SDK's `Transport` for stateless HTTP exchanges answered with JSON, one POST at a time: the
 * messages of a POST go in, and its `exchange` resolves once the server has sent one response for
 * each request id (in the order the requests came). It stays connected from one POST to the next,
 * so a pooled server is connected once: connecting and closing per POST cost a closure set and an
 * error object (with its stack) built by the SDK on every close. The server's own JSON-RPC
 * dispatch, ids, errors and schema checks stay the SDK's; this class only carries messages, which
 * is why the HTTP rules sit in `http-rules.ts`.
 *
 * A JSON answer has no stream, so what the server sends besides responses (progress, log lines,
 * requests to the client) is dropped, as the SDK's own transport does with `enableJsonResponse`.
 */
export class JsonResponseTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onerror?: Transport['onerror'];
  onclose?: Transport['onclose'];

  private current: Exchange | undefined;
  private closed = false;
  private dispatchRequest: ((request: JSONRPCRequest, extra: MessageExtraInfo) => void) | undefined;

  /**
   * Hands requests straight to the server's request dispatch. `readPost` has already classified every
   * message with the SDK's own guards, and the SDK's message schemas are strict and disjoint (a request
   * has a method and an id, a response no method), so a request would reach the same dispatch after
   * failing the two response schemas first: building those two zod errors was most of a tool call's
   * message handling. Without the SDK's dispatch method, every message goes through `onmessage`.
   */
  dispatchRequestsTo(server: object): void {
    const internals = server as unknown as { _onrequest?: (request: JSONRPCRequest, extra?: MessageExtraInfo) => void };
    const onrequest = internals._onrequest;
    this.dispatchRequest = typeof onrequest === 'function' ? (request, extra) => onrequest.call(server, request, extra) : undefined;
  }

  async start(): Promise<void> {}

  /** True while a POST has requests without their response: closing then aborts their handlers. */
  get answering(): boolean {
    return this.current !== undefined;
  }

  /**
   * Hands one POST's messages to the server, with the HTTP layer's authentication for every handler.
   * Resolves to the responses of `requestIds`, or undefined when the transport closed before all were sent.
   */
  exchange(messages: readonly JSONRPCMessage[], requestIds: readonly RequestId[], authInfo: AuthInfo): Promise<JSONRPCMessage[] | undefined> {
    if (this.closed || this.current) throw new Error('JsonResponseTransport: closed, or still answering another POST');
    const exchange = new Exchange(requestIds);
    // Set before delivering: the server answers an unknown method synchronously.
    if (requestIds.length > 0) this.current = exchange;
    withoutStacks(() => {
      for (const m of messages) {
        if (this.dispatchRequest && 'method' in m && 'id' in m) this.dispatchRequest(m, { authInfo });
        else this.onmessage?.(m, { authInfo });
      }
    });
    return requestIds.length > 0 ? exchange.answers : Promise.resolve([]);
  }

  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    // The server's own messages are well formed: a response is the one with a result or an error.
    if (!this.current || !('result' in message || 'error' in message)) return;
    if (this.current.take(message)) this.current = undefined;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.current?.abandon();
    this.current = undefined;
    this.onclose?.();
  }
}
