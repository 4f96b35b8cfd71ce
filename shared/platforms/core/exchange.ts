import type { Dispatcher } from 'undici';

/** What a platform call needs back: the status, the headers (repeated ones joined) and the body's text. */
export interface Exchanged {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** What aborts a call in flight (a read's deadline): an EventEmitter with `aborted`, `reason` and an 'abort' event. */
export interface AbortSource {
  readonly aborted: boolean;
  readonly reason?: unknown;
  once(event: 'abort', listener: () => void): unknown;
  off(event: 'abort', listener: () => void): unknown;
}

/** A bound on the answer's size: past `maxBytes` (by its Content-Length or as it arrives) the call is dropped with `tooLarge()`. */
export interface SizeLimit {
  maxBytes: number;
  tooLarge(): Error;
}

const joined = (v: string | string[]): string => (Array.isArray(v) ? v.join(', ') : v);

/**
 * One HTTP exchange through `dispatcher.dispatch` with a handler of its own, collecting the body as
 * it arrives. undici's `request()` builds a body stream, an async resource and its abort wiring on
 * every call only for the caller to read the whole body at once; a platform call never streams, so
 * it is collected here and settled once, with undici's own errors (UND_ERR_*, socket codes) as they are.
 */
export function exchange(dispatcher: Dispatcher, opts: Dispatcher.DispatchOptions, signal?: AbortSource, limit?: SizeLimit): Promise<Exchanged> {
  return new Promise<Exchanged>((resolve, reject) => {
    let abort: ((err: Error) => void) | undefined;
    let status = 0;
    let headers: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const onAbort = () => abort?.(reasonOf(signal!));
    const finish = (err: Error | undefined, value?: Exchanged) => {
      if (settled) return;
      settled = true;
      signal?.off('abort', onAbort);
      if (err) reject(err);
      else resolve(value!);
    };
    const handler: Dispatcher.DispatchHandlers = {
      onConnect(abortCall) {
        abort = abortCall;
        if (signal?.aborted) abortCall(reasonOf(signal));
      },
      onHeaders(statusCode, rawHeaders) {
        // 1xx: informational, the answer follows.
        if (statusCode < 200) return true;
        status = statusCode;
        headers = headersOf(rawHeaders);
        if (limit && Number(headers['content-length']) > limit.maxBytes) abort?.(limit.tooLarge());
        return true;
      },
      onData(chunk) {
        size += chunk.length;
        if (limit && size > limit.maxBytes) {
          abort?.(limit.tooLarge());
          return true;
        }
        chunks.push(chunk);
        return true;
      },
      onComplete() {
        finish(undefined, { status, headers, text: chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, size).toString('utf8') });
      },
      onError(err) {
        finish(err);
      },
    };
    if (signal?.aborted) return finish(reasonOf(signal));
    signal?.once('abort', onAbort);
    try {
      dispatcher.dispatch(opts, handler);
    } catch (err) {
      finish(err as Error);
    }
  });
}

function reasonOf(signal: AbortSource): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('The platform call was aborted');
}

/** Raw header pairs as undici hands them over, names lower-cased, repeated headers joined with ", ". */
function headersOf(raw: Buffer[] | string[] | null): Record<string, string> {
  const out: Record<string, string | string[]> = {};
  if (!raw) return {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toString().toLowerCase();
    const value = raw[i + 1]!.toString();
    const seen = out[name];
    if (seen === undefined) out[name] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else out[name] = [seen, value];
  }
  for (const k in out) out[k] = joined(out[k]!);
  return out as Record<string, string>;
}
