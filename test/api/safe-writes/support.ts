/** What the safe-write component tests share: the tenant's guardrails, the jobs a user sees, the simulators' data. */
import { budgetsOf } from '../../simulators/google/state';
import { http, type World, type WorldUser } from '../../world';
import type { Platform } from './write-requests';

/** Sets the tenant's guardrails (null: none) through the tenant settings route. */
export async function setGuardrails(w: World, guardrails: Record<string, unknown> | null): Promise<void> {
  const r = await http(w.app.url, 'PATCH', '/api/v1/tenant', { headers: { 'x-api-key': w.apiKey }, body: { settings: { guardrails } } });
  expect({ status: r.status, error: r.body.error }).toEqual({ status: 200, error: undefined });
}

/** The ids of every job the user sees (`GET /api/v1/jobs`, all pages). */
export async function jobIds(w: World, as: WorldUser = w.user): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const r = await w.call('GET', `/api/v1/jobs?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { as });
    expect(r.status).toBe(200);
    ids.push(...(r.body.data.items as { id: string }[]).map((j) => j.id));
    cursor = r.body.data.nextCursor;
  } while (cursor);
  return ids.sort();
}

const mapValues = <V>(m: Map<unknown, V>) => [...m.values()];

// Budgets are made on first read (`budgetsOf`), so reading them is no change.
const text = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x));

/**
 * The objects a simulator holds, one line each: equal before and after a request exactly when the
 * request created, changed and deleted nothing there (a difference shows as the lines that differ).
 */
export function simData(w: World, platform: Platform): string[] {
  switch (platform) {
    case 'facebook':
      return mapValues(w.sims.facebook!.raw.state.store.nodes).map((n) => text([n.id, n.data]));
    case 'tiktok': {
      const s = w.sims.tiktok!.raw.state;
      return [s.campaigns, s.adgroups, s.ads, s.spCampaigns, s.spAdgroups, s.spAds].flatMap((st) => mapValues(st.byId)).concat(mapValues(s.materials)).map(text);
    }
    case 'google': {
      const s = w.sims.google!.raw.state;
      return [...s.customers.keys()].flatMap((id) => {
        const a = s.account(id);
        return [...a.campaigns, ...a.adGroups, ...a.ads, ...a.criteria, ...a.assets, ...budgetsOf(a)].map(text);
      });
    }
    case 'linkedin': {
      const s = w.sims.linkedin!.raw.state;
      return [s.groups, s.campaigns, s.creatives].flatMap((st) => mapValues(st.byId)).map(text);
    }
  }
}

/** Every string in a JSON value, at any depth. */
export function stringsIn(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(stringsIn);
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [k, ...stringsIn(x)]);
  return [];
}
