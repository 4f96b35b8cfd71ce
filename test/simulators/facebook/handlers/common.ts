import type { Ctx } from '../graph/context';
import { errors } from '../graph/errors';
import { parseFields, selOf, type FieldSel } from '../graph/fields';
import { exactName, matches, parseFiltering } from '../graph/filtering';
import { pageNodes } from '../graph/paging';
import { effectiveStatus, project, type ProjectOpts } from '../graph/project';
import { json, str } from '../graph/request';
import type { GNode } from '../model/types';

export const AD_STATUSES = ['ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED'] as const;
export const EFFECTIVE_STATUSES = [
  'ACTIVE', 'PAUSED', 'DELETED', 'ARCHIVED', 'IN_PROCESS', 'WITH_ISSUES', 'CAMPAIGN_PAUSED', 'ADSET_PAUSED',
  'DISAPPROVED', 'PENDING_REVIEW', 'PREAPPROVED', 'PENDING_BILLING_INFO',
] as const;

export function projectOpts(ctx: Ctx, extra?: ProjectOpts['extra']): ProjectOpts {
  return { unixTimes: str(ctx.req.params, 'date_format') === 'U', extra };
}

export function selection(ctx: Ctx, defaults: readonly string[] = ['id']): FieldSel {
  return parseFields(str(ctx.req.params, 'fields')) ?? selOf(defaults);
}

/** `GET /{id}`: only `id` unless `fields=` is given (docs/platforms/facebook.md §3 read defaults). */
export function readNode(ctx: Ctx, node: GNode, defaults: readonly string[] = ['id'], extra?: ProjectOpts['extra']): unknown {
  return project(ctx.state, node, selection(ctx, defaults), projectOpts(ctx, extra));
}

export interface ListOpts {
  newestFirst?: boolean;
  defaultFields?: readonly string[];
  /** Ad object lists: hide DELETED unless asked for, honour `effective_status=[..]`. */
  adStatus?: boolean;
  accept?: (n: GNode) => boolean;
  extra?: ProjectOpts['extra'];
  edgeFields?: ProjectOpts['edgeFields'];
  /**
   * Honour `filtering`: only where Meta documents it (campaigns, adsets, ads, a form's leads). Any
   * other edge ignores it, as Graph ignores parameters an edge doesn't take.
   */
  filtering?: boolean;
}

/** Any `{ data, paging }` edge over an indexed list. */
export function listEdge(ctx: Ctx, key: string, opts: ListOpts = {}): unknown {
  const { state, req } = ctx;
  const list = state.store.list(key);
  const sel = selection(ctx, opts.defaultFields);
  const filters = opts.filtering ? parseFiltering(req.params) : [];
  let statusSet: Set<string> | undefined;
  if (opts.adStatus) {
    const eff = json<unknown>(req.params, 'effective_status');
    if (eff !== undefined) {
      if (!Array.isArray(eff)) throw errors.paramInvalid('effective_status', 'must be an array');
      for (const s of eff) if (!(EFFECTIVE_STATUSES as readonly string[]).includes(String(s))) throw errors.paramEnum('effective_status[0]', EFFECTIVE_STATUSES);
      statusSet = new Set(eff.map(String));
    }
    const filtersStatus = filters.some((f) => /(^|\.)(effective_status|status)$/.test(f.field));
    if (!statusSet && filtersStatus) statusSet = new Set(EFFECTIVE_STATUSES);
  }
  const accept = (n: GNode): boolean => {
    if (opts.adStatus) {
      if (statusSet) {
        if (!statusSet.has(String(effectiveStatus(state, n)))) return false;
      } else if (n.data.status === 'DELETED') return false;
    }
    if (filters.length && !matches(state, n, filters)) return false;
    return opts.accept ? opts.accept(n) : true;
  };
  const name = exactName(filters);
  const candidates = name !== undefined ? [...list.named(name)].sort((a, b) => a.seq - b.seq) : undefined;
  const page = pageNodes(req, list, {
    newestFirst: opts.newestFirst ?? false,
    accept,
    candidates,
    maxLimit: state.tunables.maxPageSize,
  });
  const po = { ...projectOpts(ctx, opts.extra), edgeFields: opts.edgeFields };
  const body: Record<string, unknown> = { data: page.data.map((n) => project(state, n, sel, po)) };
  if (page.paging) body.paging = page.paging;
  if (str(req.params, 'summary') === 'true' || str(req.params, 'summary')?.includes('total_count')) {
    let total = 0;
    for (const n of candidates ?? list.items) if (accept(n)) total++;
    body.summary = { total_count: total };
  }
  return body;
}
