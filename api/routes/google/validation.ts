import { AppError } from '../../../shared/errors/app-error';
import { unknownFields, type LevelDef } from '../../../shared/platforms/google/operations/levels';

const STRUCTURED = ['resource', 'fields', 'where', 'orderBy', 'limit', 'dateRange', 'startDate', 'endDate'] as const;

const invalid = (message: string, path: string, why: string) =>
  new AppError('VALIDATION_FAILED', message, { details: [{ path: `query.${path}`, message: why }] });

/** `query` (raw GAQL) and the structured members are alternatives; one of them is required. */
export function checkGaqlForm(q: Record<string, unknown>): void {
  const used = STRUCTURED.filter((k) => q[k] !== undefined);
  if (q.query !== undefined && used.length) {
    throw invalid('Give either query (raw GAQL) or the structured form, not both', used[0]!, 'not allowed together with query');
  }
  if (q.query === undefined) {
    if (q.resource === undefined) throw invalid('Give query (raw GAQL) or resource and fields', 'query', 'Required');
    if (q.fields === undefined) throw invalid('The structured form needs fields', 'fields', 'Required');
  }
}

/** The comma list of account ids, each kept as the caller wrote it (the guard normalizes). */
export function accountIdList(raw: string, max: number): string[] {
  const ids = raw.split(',').map((s) => s.trim()).filter(Boolean);
  if (!ids.length) throw invalid('adAccountId is required', 'adAccountId', 'Required');
  if (ids.length > max) throw invalid(`At most ${max} accounts per request`, 'adAccountId', `more than ${max} ids`);
  return ids;
}

export function checkLevelFields(def: LevelDef, level: string, fields: readonly string[] | undefined): void {
  const bad = unknownFields(def, fields ?? []);
  if (bad.length) {
    throw new AppError('VALIDATION_FAILED', `Fields not available at level ${level}: ${bad.join(', ')}`, {
      details: [{ path: 'query.fields', message: `allowed: ${def.allowedFields.join(', ')}` }],
    });
  }
}
