/**
 * Error codes reuse Google's QueryError names (docs/platforms/google.md §5) so a rejection by our validator reads the
 * same as one coming back from the platform.
 */
export type GaqlErrorCode =
  | 'BAD_ESCAPE_SEQUENCE'
  | 'BAD_FIELD_NAME'
  | 'BAD_LIMIT_VALUE'
  | 'BAD_NUMBER'
  | 'BAD_OPERATOR'
  | 'BAD_PARAMETER_NAME'
  | 'BAD_PARAMETER_VALUE'
  | 'BAD_RESOURCE_TYPE_IN_FROM_CLAUSE'
  | 'BAD_SYMBOL'
  | 'BAD_VALUE'
  | 'DATE_RANGE_TOO_NARROW'
  | 'EXPECTED_AND'
  | 'EXPECTED_BY'
  | 'EXPECTED_FILTERS_ON_DATE_RANGE'
  | 'EXPECTED_FROM'
  | 'EXPECTED_LIST'
  | 'EXPECTED_REFERENCED_FIELD_IN_SELECT_CLAUSE'
  | 'EXPECTED_SELECT'
  | 'EXPECTED_SINGLE_VALUE'
  | 'EXPECTED_VALUE_WITH_BETWEEN_OPERATOR'
  | 'INVALID_DATE_FORMAT'
  | 'INVALID_VALUE_WITH_BETWEEN_OPERATOR'
  | 'INVALID_VALUE_WITH_DURING_OPERATOR'
  | 'INVALID_VALUE_WITH_LIKE_OPERATOR'
  | 'LIMIT_VALUE_TOO_LOW'
  | 'MISALIGNED_DATE_FOR_FILTER'
  | 'OPERATOR_FIELD_MISMATCH'
  | 'PROHIBITED_EMPTY_LIST_IN_CONDITION'
  | 'PROHIBITED_NEWLINE_IN_STRING'
  | 'PROHIBITED_RESOURCE_TYPE_IN_FROM_CLAUSE'
  | 'STRING_NOT_TERMINATED'
  | 'UNEXPECTED_END_OF_QUERY'
  | 'UNEXPECTED_INPUT'
  | 'UNRECOGNIZED_FIELD';

export interface GaqlErrorInit {
  code: GaqlErrorCode;
  message: string;
  /** 0-based character offset into the query text. */
  position: number;
  /** Builder only: where in the structured input the problem is, e.g. `where[1].value`. */
  path?: string;
  /** Builder only: the GAQL it generated, when the problem was found by parsing it back. */
  gaql?: string;
}

export class GaqlError extends Error {
  override readonly name = 'GaqlError';
  readonly code: GaqlErrorCode;
  readonly position: number;
  /** 1-based, set whenever the query text is known. */
  readonly line?: number;
  readonly column?: number;
  readonly path?: string;
  readonly gaql?: string;

  constructor(init: GaqlErrorInit, query?: string) {
    super(init.message);
    this.code = init.code;
    this.position = init.position;
    if (init.path !== undefined) this.path = init.path;
    if (init.gaql !== undefined) this.gaql = init.gaql;
    if (query !== undefined) {
      const { line, column } = lineAndColumn(query, init.position);
      this.line = line;
      this.column = column;
    }
  }

  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { code: this.code, message: this.message, position: this.position };
    if (this.line !== undefined) out.line = this.line;
    if (this.column !== undefined) out.column = this.column;
    if (this.path !== undefined) out.path = this.path;
    if (this.gaql !== undefined) out.gaql = this.gaql;
    return out;
  }
}

/** `\r\n`, `\n` and a lone `\r` each end one line. */
export function lineAndColumn(text: string, position: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(position, text.length);
  for (let i = 0; i < end; i++) {
    const ch = text[i];
    if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: position - lineStart + 1 };
}
