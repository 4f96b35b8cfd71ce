import { get, type TiktokCall } from './call';
import { checkNames, invalid, parseJsonObject, parseList } from './encoding';
import { MAX_FILTER_IDS, isArrayFilterKey, isTimeFilterKey, type LevelSpec } from './levels';

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export interface ObjectsQuery {
  filter?: string;
  fields?: string;
  page: number;
  pageSize: number;
}

/** `filter` (JSON object) → TikTok `filtering`, checked against the level's keys before any call. */
export function parseFilter(raw: string | undefined, spec: LevelSpec): Record<string, unknown> | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const f = parseJsonObject(raw, 'query.filter');
  checkNames(Object.keys(f), spec.filterKeys, 'query.filter', 'filter key(s)');
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    if (isArrayFilterKey(k)) {
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' && typeof x !== 'number')) {
        throw invalid(`query.filter.${k}`, 'must be an array of strings');
      }
      if (k.endsWith('_ids') && v.length > MAX_FILTER_IDS) throw invalid(`query.filter.${k}`, `at most ${MAX_FILTER_IDS} ids`);
      out[k] = v.map(String);
    } else if (isTimeFilterKey(k)) {
      if (typeof v !== 'string' || !TIME.test(v)) throw invalid(`query.filter.${k}`, 'must be "YYYY-MM-DD HH:MM:SS" (UTC)');
      out[k] = v;
    } else {
      if (v !== null && typeof v === 'object') throw invalid(`query.filter.${k}`, 'must be a single value');
      out[k] = v;
    }
  }
  return out;
}

/** `fields` (comma list or JSON array) → TikTok `fields`, checked against the level's fields when known. */
export function parseFields(raw: string | undefined, spec: LevelSpec): string[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const fields = [...new Set(parseList(raw, 'query.fields'))];
  if (fields.length === 0) return undefined;
  if (spec.fields) checkNames(fields, spec.fields, 'query.fields', 'field(s)');
  return fields;
}

/** A row is only usable with its id (and the answer's rows are typed with it), so a `fields` list always asks for it. */
const withId = (fields: string[] | undefined, idField: string) => (fields && !fields.includes(idField) ? [...fields, idField] : fields);

/** A `…/get/` call for one level of one advertiser. */
export function readObjectsCall(spec: LevelSpec, advertiserId: string, q: ObjectsQuery): TiktokCall {
  if (q.pageSize > spec.maxPageSize) throw invalid('query.pageSize', `must be at most ${spec.maxPageSize}`);
  return get(spec.path, {
    advertiser_id: advertiserId,
    fields: withId(parseFields(q.fields, spec), spec.idField),
    filtering: parseFilter(q.filter, spec),
    page: q.page,
    page_size: q.pageSize,
  });
}
