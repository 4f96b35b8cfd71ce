import { stringEnd } from '../../infra/json-text';

/**
 * A page of records kept as the text the platform sent: `json` is the records' JSON array as it
 * came, `length` how many elements it holds. The database reads the records (and their ids) from
 * the text itself, so the worker builds no object per record.
 */
export interface RawRecords {
  json: string;
  length: number;
}

/**
 * Parses an answer whose records sit at `outer.inner` (TikTok `data.list`) without parsing them: the
 * array's span is found by a scan that only skips strings and counts brackets, the rest of the
 * answer (a few hundred bytes: code, message, paging) is parsed with that array emptied, and the
 * array is put back as RawRecords. Any other shape is parsed whole, its array restringified.
 */
export function parseWithRawList(text: string, outer: string, inner: string): unknown {
  const span = listSpan(text, outer, inner);
  if (span) {
    const body = JSON.parse(text.slice(0, span.start) + '[]' + text.slice(span.end)) as Record<string, Record<string, unknown>>;
    body[outer]![inner] = { json: text.slice(span.start, span.end), length: span.count } satisfies RawRecords;
    return body;
  }
  const body = JSON.parse(text) as Record<string, unknown>;
  const holder = body?.[outer] as Record<string, unknown> | undefined;
  const list = holder?.[inner];
  if (Array.isArray(list)) holder![inner] = { json: JSON.stringify(list), length: list.length } satisfies RawRecords;
  return body;
}

interface Span {
  start: number;
  end: number;
  count: number;
}

const QUOTE = 34;
const COLON = 58;
const COMMA = 44;

/** Where the array at `outer.inner` (both object keys, from the top) starts and ends, and its element count. */
function listSpan(text: string, outer: string, inner: string): Span | undefined {
  const keys: (string | undefined)[] = [];
  let depth = 0;
  let last: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const close = stringEnd(text, i);
      if (close < 0) return undefined;
      if (depth <= 2) last = text.slice(i + 1, close);
      i = close;
    } else if (c === COLON) {
      if (depth <= 2) keys[depth] = last;
    } else if (c === 123 || c === 91) {
      if (c === 91 && depth === 2 && keys[1] === outer && keys[2] === inner) return arrayEnd(text, i);
      depth++;
      keys[depth] = undefined;
    } else if (c === 125 || c === 93) depth--;
  }
  return undefined;
}

/** The array opened at `start`: its end (past `]`) and how many elements it has. */
function arrayEnd(text: string, start: number): Span | undefined {
  let depth = 0;
  let commas = 0;
  let empty = true;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const close = stringEnd(text, i);
      if (close < 0) return undefined;
      empty = false;
      i = close;
    } else if (c === 123 || c === 91) {
      if (depth > 0) empty = false;
      depth++;
    } else if (c === 125 || c === 93) {
      if (--depth === 0) return { start, end: i + 1, count: empty ? 0 : commas + 1 };
    } else if (c === COMMA) {
      if (depth === 1) commas++;
    } else if (depth === 1 && c > 32) empty = false;
  }
  return undefined;
}
