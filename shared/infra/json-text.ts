/**
 * A JSON value handed on unchanged, with the text it was parsed from: the answer is sent as that
 * text instead of being serialised again (the proxy's answers, which are the platform's own body).
 * Anything that serialises it the usual way gets the value (`toJSON`).
 */
export class JsonText {
  constructor(
    readonly value: unknown,
    readonly text: string,
  ) {}

  toJSON(): unknown {
    return this.value;
  }
}

/** The texts values were parsed from, while the values live. */
const sources = new WeakMap<object, string>();

/** Parses `text`, keeping it as the source of the value (and of a member, `keepMemberText`). */
export function parseKeepingText(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (value !== null && typeof value === 'object') sources.set(value, text);
  return value;
}

/** The value with its source text when it was parsed by `parseKeepingText` (or taken from one by `keepMemberText`). */
export function withSourceText(value: unknown): unknown {
  const text = value !== null && typeof value === 'object' ? sources.get(value) : undefined;
  return text === undefined ? value : new JsonText(value, text);
}

/** Keeps `member`'s own text when it is a top-level member of `parent` and `parent`'s text is kept. */
export function keepMemberText(parent: unknown, member: unknown): void {
  if (parent === null || typeof parent !== 'object' || member === null || typeof member !== 'object') return;
  const text = sources.get(parent);
  if (text === undefined) return;
  for (const key of Object.keys(parent)) {
    if ((parent as Record<string, unknown>)[key] !== member) continue;
    const span = memberText(text, key);
    if (span !== undefined) sources.set(member, span);
    return;
  }
}

const QUOTE = 34;
const BACKSLASH = 92;

/** The index of the quote closing the string opened at `open`, or -1. */
export function stringEnd(text: string, open: number): number {
  let j = text.indexOf('"', open + 1);
  while (j > 0) {
    let slashes = 0;
    while (text.charCodeAt(j - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return j;
    j = text.indexOf('"', j + 1);
  }
  return -1;
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** Past the value that starts at `i` of a valid JSON text. */
function valueEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) return stringEnd(text, i) + 1;
  if (c !== 123 && c !== 91) {
    let j = i;
    while (j < text.length && !isSpace(text.charCodeAt(j)) && !',}]'.includes(text[j]!)) j++;
    return j;
  }
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const k = text.charCodeAt(j);
    if (k === QUOTE) j = stringEnd(text, j);
    else if (k === 123 || k === 91) depth++;
    else if ((k === 125 || k === 93) && --depth === 0) return j + 1;
  }
  return text.length;
}

/**
 * The text of the top-level member `key` of a JSON object text that JSON.parse accepted (its last
 * occurrence, the one JSON.parse keeps). A key written with escapes is not matched (undefined): the
 * caller serialises the value instead.
 */
export function memberText(text: string, key: string): string | undefined {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 123) return undefined;
  i = skipSpace(text, i + 1);
  let found: string | undefined;
  while (text.charCodeAt(i) === QUOTE) {
    const close = stringEnd(text, i);
    const name = text.slice(i + 1, close);
    const start = skipSpace(text, skipSpace(text, close + 1) + 1);
    const end = valueEnd(text, start);
    if (name === key) found = text.slice(start, end);
    i = skipSpace(text, end);
    if (text.charCodeAt(i) !== 44) break;
    i = skipSpace(text, i + 1);
  }
  return found;
}
