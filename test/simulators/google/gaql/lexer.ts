/** GAQL tokenizer for the simulator (independent of the gateway's parser by design). */
import { queryErr } from '../errors';

export type TokKind = 'ident' | 'number' | 'string' | 'punct' | 'op';
export interface Tok {
  kind: TokKind;
  text: string;
  /** Decoded value for strings. */
  value: string;
  pos: number;
}

const ESCAPES: Record<string, string> = { '\\': '\\', "'": "'", '"': '"', n: '\n', t: '\t', r: '\r' };

export function tokenize(q: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < q.length) {
    const ch = q[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const start = i;
    if (/[A-Za-z_]/.test(ch)) {
      while (i < q.length && /[A-Za-z0-9_.]/.test(q[i]!)) i++;
      const text = q.slice(start, i);
      out.push({ kind: 'ident', text, value: text, pos: start });
      continue;
    }
    if (/[0-9]/.test(ch) || (ch === '-' && /[0-9]/.test(q[i + 1] ?? ''))) {
      i++;
      while (i < q.length && /[0-9.]/.test(q[i]!)) i++;
      const text = q.slice(start, i);
      if (!/^-?[0-9]+(\.[0-9]+)?$/.test(text) || /[A-Za-z_]/.test(q[i] ?? '')) {
        throw queryErr('BAD_NUMBER', `Error in query: invalid number '${text}'.`, text);
      }
      out.push({ kind: 'number', text, value: text, pos: start });
      continue;
    }
    if (ch === "'" || ch === '"') {
      i++;
      let value = '';
      for (;;) {
        const c = q[i];
        if (c === undefined) throw queryErr('STRING_NOT_TERMINATED', 'Error in query: string is not terminated.', q.slice(start));
        if (c === '\n') throw queryErr('PROHIBITED_NEWLINE_IN_STRING', 'Error in query: newline in string.', q.slice(start, i));
        if (c === ch) break;
        if (c === '\\') {
          const e = ESCAPES[q[i + 1] ?? ''];
          if (e === undefined) throw queryErr('BAD_ESCAPE_SEQUENCE', 'Error in query: bad escape sequence.', q.slice(i, i + 2));
          value += e;
          i += 2;
          continue;
        }
        value += c;
        i++;
      }
      i++;
      out.push({ kind: 'string', text: q.slice(start, i), value, pos: start });
      continue;
    }
    if ('(),'.includes(ch)) {
      out.push({ kind: 'punct', text: ch, value: ch, pos: start });
      i++;
      continue;
    }
    const two = q.slice(i, i + 2);
    if (two === '!=' || two === '>=' || two === '<=') {
      out.push({ kind: 'op', text: two, value: two, pos: start });
      i += 2;
      continue;
    }
    if ('=<>'.includes(ch)) {
      out.push({ kind: 'op', text: ch, value: ch, pos: start });
      i++;
      continue;
    }
    throw queryErr('BAD_SYMBOL', `Error in query: unexpected symbol '${ch}'.`, ch);
  }
  return out;
}
