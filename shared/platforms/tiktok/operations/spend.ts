import type { PlatformCaller } from '../../core/caller';
import type { BudgetChange, CurrentBudgets, SpendEffect } from '../../core/write-safety';
import type { AssetLevel } from './levels';
import { currentObjectCall } from './asset-update';
import { callTiktok } from './runtime';
import { smartReadCall } from './smart';
import type { SmartLevel } from './levels';

type Rec = Record<string, unknown>;

/**
 * The budget of one TikTok object: `budget` in the account currency, its period from `budgetMode`
 * (BUDGET_MODE_TOTAL is for the object's lifetime; INFINITE sets none). Without a mode, as in an
 * update that changes only the amount, it is compared as a daily budget: the stricter reading.
 */
function budgetOf(o: Rec, path: string): BudgetChange | undefined {
  if (typeof o.budget !== 'number' || o.budgetMode === 'BUDGET_MODE_INFINITE') return undefined;
  return { field: path ? `${path}.budget` : 'budget', amount: String(o.budget), period: o.budgetMode === 'BUDGET_MODE_TOTAL' ? 'lifetime' : 'daily' };
}

/** Every object a TikTok write body carries (the body itself, and the nested campaign/adgroup/ad of a one-call create). */
function objectsOf(dto: Rec, path = ''): { o: Rec; path: string }[] {
  const nested = Object.entries(dto).filter(([, v]) => v && typeof v === 'object' && !Array.isArray(v)) as [string, Rec][];
  return [{ o: dto, path }, ...nested.flatMap(([k, v]) => objectsOf(v, path ? `${path}.${k}` : k))];
}

/** The objects a create makes: the body itself (one object), or the parts of a one-call create. */
const createdParts = (dto: Rec): Rec[] => [dto, ...['campaign', 'adGroup', 'ad'].map((k) => dto[k]).filter((v): v is Rec => Boolean(v) && typeof v === 'object')];

/**
 * What a TikTok write does to spend: the budgets it sets; a status of ENABLE; a create none of whose
 * objects is created DISABLE (TikTok's default operation status is ENABLE, and nothing under a
 * disabled campaign or ad group delivers). Nested settings such as `targetingSpec` are not objects.
 */
export function tiktokSpend(kind: 'create' | 'update', dto: Rec): SpendEffect {
  const objects = objectsOf(dto);
  const budgets = objects.map(({ o, path }) => budgetOf(o, path)).filter((b): b is BudgetChange => b !== undefined);
  const enables = objects.some(({ o }) => o.status === 'ENABLE' || o.operationStatus === 'ENABLE');
  if (kind === 'create') return { budgets, createsActive: !createdParts(dto).some((o) => o.operationStatus === 'DISABLE') };
  return { budgets, activates: enables };
}

const budgetIn = (page: { list?: Rec[] } | undefined): CurrentBudgets => {
  const budget = page?.list?.[0]?.budget;
  return { budget: typeof budget === 'number' && budget > 0 ? String(budget) : null };
};

/** The budget of the campaign or ad group an update changes, as TikTok holds it now. */
export async function tiktokCurrentBudget(caller: PlatformCaller, advertiserId: string, level: AssetLevel, id: string): Promise<CurrentBudgets> {
  return budgetIn(await callTiktok<{ list?: Rec[] }>(caller, currentObjectCall(level, advertiserId, id), 'read'));
}

/** The same for a Smart+ campaign or ad group, read through its own get. */
export async function smartCurrentBudget(caller: PlatformCaller, advertiserId: string, level: SmartLevel, id: string): Promise<CurrentBudgets> {
  const filter = JSON.stringify({ [`${level}_ids`]: [id] });
  return budgetIn(await callTiktok<{ list?: Rec[] }>(caller, smartReadCall(level, advertiserId, { filter, page: 1, pageSize: 1 }), 'read'));
}
