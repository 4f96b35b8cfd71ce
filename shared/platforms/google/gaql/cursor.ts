import type { FieldRef } from './ast';
import type { GaqlErrorCode } from './errors';
import { Lexer, type Token } from './lexer';
import { FIELD_NAME_RE } from './literals';

/** Token access shared by the clause and condition parsers. */
export class Cursor {
  private readonly lexer: Lexer;
  /** End offset of the last consumed token, for node spans. */
  lastEnd = 0;

  constructor(readonly text: string) {
    this.lexer = new Lexer(text);
  }

  peek(): Token {
    return this.lexer.peek();
  }

  next(): Token {
    const tok = this.lexer.next();
    this.lastEnd = tok.end;
    return tok;
  }

  fail(code: GaqlErrorCode, message: string, position: number): never {
    return this.lexer.fail(code, message, position);
  }

  /** Keywords are case-insensitive. */
  atKeyword(...keywords: string[]): string | undefined {
    const tok = this.peek();
    if (tok.type !== 'word') return undefined;
    const upper = tok.value.toUpperCase();
    return keywords.includes(upper) ? upper : undefined;
  }

  acceptKeyword(keyword: string): boolean {
    if (!this.atKeyword(keyword)) return false;
    this.next();
    return true;
  }

  atPunct(symbol: string): boolean {
    const tok = this.peek();
    return tok.type === 'punct' && tok.value === symbol;
  }

  /** Fails with UNEXPECTED_END_OF_QUERY at the end of input, otherwise with `code`. */
  failAt(tok: Token, code: GaqlErrorCode, message: string): never {
    if (tok.type === 'eof') return this.fail('UNEXPECTED_END_OF_QUERY', `${message}, but the query ended.`, tok.start);
    return this.fail(code, `${message}, found ${this.describe(tok)}.`, tok.start);
  }

  describe(tok: Token): string {
    if (tok.type === 'eof') return 'the end of the query';
    const raw = this.text.slice(tok.start, tok.end);
    // Long string literals would otherwise be copied whole into the message.
    return JSON.stringify(raw.length > 40 ? `${raw.slice(0, 37)}...` : raw);
  }

  field(context: string): FieldRef {
    const tok = this.peek();
    const expected = `Expected a field name ${context} (resource.field, metrics.name or segments.name)`;
    if (tok.type !== 'word') return this.failAt(tok, 'UNEXPECTED_INPUT', expected);
    if (!FIELD_NAME_RE.test(tok.value)) {
      if (tok.value.includes('.') && /[A-Z]/.test(tok.value)) {
        this.fail('BAD_FIELD_NAME', `Field names are lower snake_case (e.g. campaign.start_date), found ${this.describe(tok)}.`, tok.start);
      }
      this.failAt(tok, 'BAD_FIELD_NAME', expected);
    }
    this.next();
    return { name: tok.value, span: { start: tok.start, end: tok.end } };
  }
}
