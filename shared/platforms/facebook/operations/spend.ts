import type { PlatformCaller } from '../../core/caller';
import type { BudgetChange, CurrentBudgets, SpendEffect } from '../../core/write-safety';
import { get } from './graph-call';
import { graphCaller } from './caller';

/** Meta's two budget fields, integers in the currency's minor unit. */
type MetaBudgets = { daily_budget?: string | number; lifetime_budget?: string | number };

export function metaBudgets(b: MetaBudgets): BudgetChange[] {
  const out: BudgetChange[] = [];
  if (b.daily_budget !== undefined) out.push({ field: 'daily_budget', amount: String(b.daily_budget), period: 'daily' });
  if (b.lifetime_budget !== undefined) out.push({ field: 'lifetime_budget', amount: String(b.lifetime_budget), period: 'lifetime' });
  return out;
}

/** A create: its budgets, and whether the new object delivers at once (Meta's ACTIVE; the gateway's default is PAUSED). */
export const metaCreateSpend = (b: MetaBudgets & { status?: string }): SpendEffect => ({ budgets: metaBudgets(b), createsActive: b.status === 'ACTIVE' });

/** The budgets of a campaign or ad set as Meta holds them now (null where the field is not set). */
export async function metaCurrentBudgets(caller: PlatformCaller, objectId: string): Promise<CurrentBudgets> {
  const o = await graphCaller(caller).call<MetaBudgets>(get(objectId, { fields: 'daily_budget,lifetime_budget' }), { kind: 'read' });
  const value = (v: string | number | undefined) => (v === undefined || v === null || String(v) === '0' ? null : String(v));
  return { daily_budget: value(o.daily_budget), lifetime_budget: value(o.lifetime_budget) };
}
