import { AppError } from '../../../errors/app-error';
import { parseCreatedTime, unconfirmed, type Candidate } from '../../core/create-lookup';
import { createOnce, singleLookup, type NamedLookup } from '../../core/create-once';
import type { WriteContext } from '../../core/write-operation';
import type { GraphCaller } from './caller';
import { act, get, type GraphCall, type GraphList } from './graph-call';

type Created = { id: string };
type GraphObject = Record<string, unknown> & { id?: string | number; name?: string };

/**
 * Where a crash lookup searches and what it compares (the facebook-nodejs-business-sdk's object
 * fields name each one):
 * - `edge`: the parent's edge; `filtering`: whether Meta documents `filtering` there (the
 *   campaigns, adsets and ads edges do; adcreatives, customaudiences, adspixels,
 *   customconversions and a Page's leadgen_forms do not, and Graph ignores a parameter it doesn't
 *   know, so names are always matched on what is read back);
 * - `timeField`: the object's created time (Campaign/AdSet/Ad/LeadgenForm `created_time`,
 *   CustomAudience `time_created`, AdsPixel/CustomConversion `creation_time`; AdCreative has none);
 * - `same`: the sent parameters that must read back equal (the objective, the parent); `sameJson`:
 *   sent JSON parameters whose every sent key must read back equal (a creative's story spec).
 */
export interface MetaLookup {
  edge: string;
  filtering: boolean;
  token?: string;
  timeField?: 'created_time' | 'time_created' | 'creation_time';
  same?: string[];
  sameJson?: string[];
}

/** Meta's name limits (the Marketing API reference of each object). */
export const NAME_MAX = { object: 400, pixel: 100, form: 200 } as const;

/** Ad creatives carry no created time: an identical creative (same name, same story) is what the lookup matches. */
export const creativesLookup = (accountId: string): MetaLookup => ({
  edge: `${act(accountId)}/adcreatives`,
  filtering: false,
  sameJson: ['object_story_spec'],
  same: ['object_story_id'],
});

/** Enough for any account's recent objects; past it the lookup cannot answer "not there". */
const LOOKUP_PAGES = 20;

/** The objects named `name` on the edge that match what `sent` says of them. */
export async function findNamed(graph: GraphCaller, l: MetaLookup, name: string, sent: Record<string, string>): Promise<Candidate[]> {
  const fields = ['id', 'name', ...(l.timeField ? [l.timeField] : []), ...(l.same ?? []), ...(l.sameJson ?? [])].join(',');
  const found: Candidate[] = [];
  let after: string | undefined;
  for (let page = 0; page < LOOKUP_PAGES; page++) {
    const params: Record<string, unknown> = { fields, limit: 100, after };
    if (l.filtering) params.filtering = [{ field: 'name', operator: 'EQUAL', value: name }];
    const r = await graph.call<GraphList<GraphObject>>(get(l.edge, params), { kind: 'read', token: l.token });
    for (const o of r.data ?? []) {
      if (o.name !== name || o.id === undefined || !matches(o, l, sent)) continue;
      found.push({ id: String(o.id), createdAt: l.timeField ? parseCreatedTime(o[l.timeField]) : undefined });
    }
    after = r.paging?.cursors?.after;
    if (!r.paging?.next || !after) return found;
  }
  throw unconfirmed(`more than ${LOOKUP_PAGES} pages of ${l.edge} to search for "${name}"`, found.map((c) => c.id));
}

function matches(o: GraphObject, l: MetaLookup, sent: Record<string, string>): boolean {
  for (const f of l.same ?? []) if (sent[f] !== undefined && String(o[f] ?? '') !== sent[f]) return false;
  for (const f of l.sameJson ?? []) if (sent[f] !== undefined && !contains(o[f], JSON.parse(sent[f]) as unknown)) return false;
  return true;
}

/** Every key of `want` (recursively) reads back equal in `got`; Graph may add keys of its own. */
function contains(got: unknown, want: unknown): boolean {
  if (want === null || typeof want !== 'object') return String(got) === String(want);
  if (got === null || typeof got !== 'object') return false;
  return Object.entries(want).every(([k, v]) => contains((got as Record<string, unknown>)[k], v));
}

/**
 * A create that runs at most once across retries and crashes, under the name the caller gave (or
 * the step-tagged one, if the tenant chose that): a retry looks the object up before creating again.
 */
export function createNamed(ctx: WriteContext, step: string, graph: GraphCaller, c: GraphCall, lookup: MetaLookup, maxName: number) {
  return createOnce<Created>(ctx, step, {
    create: async (_rid, wire, [name]) => {
      const r = await graph.call<Created>({ ...c, params: { ...c.params, name: name ?? '' } }, { token: lookup.token, wire });
      if (!r?.id) throw new AppError('PLATFORM_UNAVAILABLE', 'Meta did not return the new object id');
      return { id: String(r.id) };
    },
    lookup: idLookup(c.params.name ?? step, maxName, { edge: lookup.edge, ...pick(c.params, lookup) }, (name) => findNamed(graph, lookup, name, c.params)),
  });
}

const pick = (params: Record<string, string>, l: MetaLookup) => Object.fromEntries([...(l.same ?? []), ...(l.sameJson ?? [])].map((f) => [f, params[f] ?? null]));

/** The lookup of a Meta create that makes one object whose result is its id. */
export const idLookup = (name: string, maxName: number, fields: Record<string, unknown>, find: (name: string) => Promise<Candidate[]>): NamedLookup<Created> =>
  singleLookup<Created>({ name, maxName, fields, find, idOf: (r) => r.id, resultOf: (c) => ({ id: c.id }) });
