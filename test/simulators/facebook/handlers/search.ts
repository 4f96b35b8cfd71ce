import type { Ctx } from '../graph/context';
import { errors } from '../graph/errors';
import { pageOffsets } from '../graph/paging';
import { json, str } from '../graph/request';
import { BEHAVIORS, DEMOGRAPHICS, GEO, INTERESTS, LOCALES } from '../model/targeting-catalog';

const SEARCH_TYPES = [
  'adinterest', 'adinterestsuggestion', 'adinterestvalid', 'adgeolocation', 'adgeolocationmeta', 'adlocale',
  'adzipcode', 'adTargetingCategory', 'adeducationschool', 'adeducationmajor', 'adworkemployer', 'adworkposition',
  'adradiussuggestion', 'targetingoptionstatus', 'adcountry',
] as const;

function paged(ctx: Ctx, rows: unknown[]): unknown {
  const { from, to, paging } = pageOffsets(ctx.req, rows.length, ctx.state.tunables.maxPageSize);
  return paging ? { data: rows.slice(from, to), paging } : { data: rows.slice(from, to) };
}

const contains = (q: string | undefined) => (name: string) => !q || name.toLowerCase().includes(q.toLowerCase());

/** `GET /search?type=…&q=…` (docs/platforms/facebook.md §3 "Global search"). */
export function globalSearch(ctx: Ctx): unknown {
  const p = ctx.req.params;
  const type = str(p, 'type');
  if (!type) throw errors.paramRequired('type');
  if (!(SEARCH_TYPES as readonly string[]).includes(type)) throw errors.paramEnum('type', SEARCH_TYPES);
  const q = str(p, 'q');
  const match = contains(q);
  switch (type) {
    case 'adinterest':
      return paged(ctx, INTERESTS.filter((i) => match(i.name)));
    case 'adinterestsuggestion': {
      const list = json<string[]>(p, 'interest_list') ?? [];
      if (!list.length) throw errors.paramRequired('interest_list');
      const lower = list.map((x) => String(x).toLowerCase());
      return paged(ctx, INTERESTS.filter((i) => !lower.includes(i.name.toLowerCase())).slice(0, 10));
    }
    case 'adinterestvalid': {
      const list = json<string[]>(p, 'interest_list') ?? [];
      return paged(
        ctx,
        list.map((name) => {
          const hit = INTERESTS.find((i) => i.name.toLowerCase() === String(name).toLowerCase());
          return hit ? { ...hit, valid: true } : { name, valid: false };
        }),
      );
    }
    case 'adgeolocation':
    case 'adgeolocationmeta':
    case 'adcountry':
    case 'adzipcode': {
      const types = type === 'adcountry' ? ['country'] : type === 'adzipcode' ? ['zip'] : json<string[]>(p, 'location_types');
      const cc = str(p, 'country_code');
      return paged(
        ctx,
        GEO.filter((g) => match(g.name) && (!types || types.includes(g.type)) && (!cc || g.country_code === cc)),
      );
    }
    case 'adlocale':
      return paged(ctx, LOCALES.filter((l) => match(l.name)));
    case 'adTargetingCategory': {
      const cls = str(p, 'class');
      const all = [...BEHAVIORS, ...DEMOGRAPHICS].map((x) => ({ ...x, audience_size_lower_bound: 1_000_000, audience_size_upper_bound: 1_200_000 }));
      return paged(ctx, all.filter((x) => !cls || x.type === cls));
    }
    default:
      return { data: [] };
  }
}

/** `GET /act_{id}/targetingsearch?q=` → interests, behaviors and demographics matching q. */
export function targetingSearch(ctx: Ctx): unknown {
  const q = str(ctx.req.params, 'q');
  if (q === undefined) throw errors.paramRequired('q');
  const match = contains(q);
  const rows = [
    ...INTERESTS.filter((i) => match(i.name)).map((i) => ({
      id: i.id, name: i.name, type: 'interests', path: i.path,
      audience_size_lower_bound: i.audience_size_lower_bound, audience_size_upper_bound: i.audience_size_upper_bound,
      description: null,
    })),
    ...[...BEHAVIORS, ...DEMOGRAPHICS].filter((b) => match(b.name)).map((b) => ({
      id: b.id, name: b.name, type: b.type, path: b.path,
      audience_size_lower_bound: 2_000_000, audience_size_upper_bound: 2_400_000, description: `People in: ${b.name}`,
    })),
  ];
  return paged(ctx, rows);
}
