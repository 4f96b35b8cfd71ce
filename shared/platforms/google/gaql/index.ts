export * from './ast';
export { GaqlError, lineAndColumn, type GaqlErrorCode, type GaqlErrorInit } from './errors';
export {
  DURING_LITERALS,
  CORE_DATE_SEGMENTS,
  escapeLikePattern,
  quoteString,
  toDuringLiteral,
  type DuringLiteral,
} from './literals';
export { parseGaql, validateGaql, type GaqlOptions, type GaqlValidation } from './validate';
export { printGaql } from './printer';
export { buildGaql, structuredToAst, type BuilderCondition, type BuilderScalar, type StructuredGaql } from './builder';
