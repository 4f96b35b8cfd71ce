import { GaqlError, parseGaql, stripSpans, validateGaql, type GaqlOptions, type GaqlQuery } from '../../../shared/platforms/google/gaql';

/** `▸` marks where the error must point; it is removed before parsing. */
export const MARK = '▸';

/** Asserts code and exact position in one comparison so a failure shows both; returns the error. */
export function expectError(marked: string, code: string, options?: GaqlOptions): GaqlError {
  const expected = marked.indexOf(MARK);
  if (expected < 0) throw new Error(`test query has no ${MARK} marker: ${marked}`);
  const query = marked.slice(0, expected) + marked.slice(expected + MARK.length);
  const result = validateGaql(query, options);
  if (result.ok) throw new Error(`expected ${code} for: ${query}`);
  expect(result.error).toBeInstanceOf(GaqlError);
  expect({ code: result.error.code, position: result.error.position }).toEqual({ code, position: expected });
  return result.error;
}

export function parsed(query: string, options?: GaqlOptions): GaqlQuery {
  return stripSpans(parseGaql(query, options));
}

export const BASE = 'SELECT campaign.id FROM campaign';
