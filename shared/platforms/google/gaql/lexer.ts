import { GaqlError, type GaqlErrorCode } from './errors';
import { STRING_ESCAPES } from './literals';

export type TokenType = 'word' | 'number' | 'string' | 'punct' | 'eof';

export interface Token {
  type: TokenType;
  /** word: as written; number: as written; string: decoded value; punct: the symbol; eof: ''. */
  value: string;
  start: number;
  end: number;
}

const WORD_START = /[A-Za-z_]/;
const WORD_PART = /[A-Za-z0-9_.]/;
const DIGIT = /[0-9]/;
const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/**
 * Produces tokens on demand so errors surface in text order: a syntax error early in the query is
 * reported before a bad character later on.
 */
export class Lexer {
  private pos = 0;
  private peeked: Token | undefined;

  constructor(readonly text: string) {}

  peek(): Token {
    this.peeked ??= this.scan();
    return this.peeked;
  }

  next(): Token {
    const tok = this.peek();
    this.peeked = undefined;
    return tok;
  }

  fail(code: GaqlErrorCode, message: string, position: number): never {
    throw new GaqlError({ code, message, position }, this.text);
  }

  private scan(): Token {
    const { text } = this;
    while (this.pos < text.length && WHITESPACE.has(text[this.pos] as string)) this.pos++;
    const start = this.pos;
    if (start >= text.length) return { type: 'eof', value: '', start, end: start };
    const ch = text[start] as string;
    if (WORD_START.test(ch)) return this.scanWord(start);
    if (DIGIT.test(ch) || (ch === '-' && DIGIT.test(text[start + 1] ?? ''))) return this.scanNumber(start);
    if (ch === "'" || ch === '"') return this.scanString(start, ch);
    const two = text.slice(start, start + 2);
    if (two === '!=' || two === '>=' || two === '<=') return this.punct(two, start);
    if (',()=<>'.includes(ch)) return this.punct(ch, start);
    return this.fail('BAD_SYMBOL', `Unexpected character ${JSON.stringify(ch)} at position ${start}.`, start);
  }

  private punct(value: string, start: number): Token {
    this.pos = start + value.length;
    return { type: 'punct', value, start, end: this.pos };
  }

  private scanWord(start: number): Token {
    let i = start + 1;
    while (i < this.text.length && WORD_PART.test(this.text[i] as string)) i++;
    this.pos = i;
    return { type: 'word', value: this.text.slice(start, i), start, end: i };
  }

  private scanNumber(start: number): Token {
    const m = /^-?[0-9]+(?:\.[0-9]+)?/.exec(this.text.slice(start)) as RegExpExecArray;
    const end = start + m[0].length;
    if (WORD_PART.test(this.text[end] ?? '')) {
      let stop = end;
      while (stop < this.text.length && WORD_PART.test(this.text[stop] as string)) stop++;
      const bad = this.text.slice(start, stop);
      this.fail('BAD_NUMBER', `Malformed number ${JSON.stringify(bad)}: numbers are -?digits with an optional .digits part.`, start);
    }
    this.pos = end;
    return { type: 'number', value: m[0], start, end };
  }

  private scanString(start: number, quote: string): Token {
    const { text } = this;
    let value = '';
    let i = start + 1;
    while (i < text.length) {
      const ch = text[i] as string;
      if (ch === quote) {
        this.pos = i + 1;
        return { type: 'string', value, start, end: this.pos };
      }
      if (ch === '\n' || ch === '\r') {
        this.fail('PROHIBITED_NEWLINE_IN_STRING', 'A string literal cannot contain a line break.', i);
      }
      if (ch === '\\') {
        const next = text[i + 1];
        if (next === undefined) break;
        const decoded = STRING_ESCAPES[next];
        if (decoded === undefined) {
          this.fail('BAD_ESCAPE_SEQUENCE', `Unknown escape sequence ${JSON.stringify(`\\${next}`)}: only \\\\, \\' and \\" are allowed.`, i);
        }
        value += decoded;
        i += 2;
        continue;
      }
      value += ch;
      i++;
    }
    return this.fail('STRING_NOT_TERMINATED', `String starting at position ${start} is not closed with ${quote}.`, start);
  }
}
