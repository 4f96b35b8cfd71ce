/**
 * The `/gaql` route's input (raw text or the structured form) → checked GAQL text, before any
 * platform call. Problems become 400 INVALID_QUERY with the parser's code and character position.
 */
import { AppError } from '../../../errors/app-error';
import { buildGaql, GaqlError, parseGaql, type BuilderCondition, type GaqlQuery, type StructuredGaql } from '../gaql';

export interface GaqlInput {
  query?: string;
  resource?: string;
  fields?: string[];
  where?: BuilderCondition[];
  orderBy?: Array<{ field: string; dir?: string }>;
  limit?: number;
  dateRange?: string;
  startDate?: string;
  endDate?: string;
}

export interface CheckedGaql {
  query: string;
  ast: GaqlQuery;
}

/** GaqlError → the gateway's INVALID_QUERY, pointing at the request member that holds the problem. */
export function invalidQuery(err: GaqlError, member: string): AppError {
  const detail: Record<string, unknown> = {
    path: err.path ? `query.${err.path}` : `query.${member}`,
    message: err.message,
    code: err.code,
    position: err.position,
  };
  if (err.line !== undefined) detail.line = err.line;
  if (err.column !== undefined) detail.column = err.column;
  if (err.gaql !== undefined) detail.gaql = err.gaql;
  const where = err.path ? ` (${err.path})` : err.line !== undefined ? ` at line ${err.line}, column ${err.column} (position ${err.position})` : '';
  return new AppError('INVALID_QUERY', `Invalid GAQL${where}: ${err.message}`, { details: [detail] });
}

/** Raw text is sent as written once it parses; the structured form is built by the quoting builder. */
export function checkedGaql(input: GaqlInput): CheckedGaql {
  if (input.query !== undefined) {
    const query = input.query.trim();
    try {
      return { query, ast: parseGaql(query) };
    } catch (e) {
      if (e instanceof GaqlError) throw invalidQuery(e, 'query');
      throw e;
    }
  }
  return buildChecked(toStructured(input));
}

export function buildChecked(structured: StructuredGaql): CheckedGaql {
  try {
    const query = buildGaql(structured);
    return { query, ast: parseGaql(query) };
  } catch (e) {
    if (e instanceof GaqlError) throw invalidQuery(e, 'resource');
    throw e;
  }
}

function toStructured(input: GaqlInput): StructuredGaql {
  const s: StructuredGaql = { resource: input.resource ?? '', fields: input.fields ?? [] };
  if (input.where?.length) s.where = input.where;
  if (input.orderBy?.length) s.orderBy = input.orderBy;
  if (input.limit !== undefined) s.limit = input.limit;
  if (input.dateRange !== undefined) s.dateRange = input.dateRange;
  if (input.startDate !== undefined) s.startDate = input.startDate;
  if (input.endDate !== undefined) s.endDate = input.endDate;
  return s;
}
