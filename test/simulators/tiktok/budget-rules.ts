/**
 * Budget rules of campaign/update and adgroup/update (sources in the README, "Budgets"): the budget
 * mode cannot change, so an unlimited (BUDGET_MODE_INFINITE) object takes no budget; in USD a
 * campaign budget is at least 50, an ad group's 20 a day (20 × scheduled days for a lifetime budget).
 * The code 40002 and the wording are ASSUMED.
 */
type Rec = Record<string, unknown>;
import { paramError } from './wire';

const DAY_MS = 86_400_000;
const utc = (t: unknown) => Date.parse(`${String(t).replace(' ', 'T')}Z`);

export function checkBudgetUpdate(kind: 'campaign' | 'adgroup', current: Rec, budget: number, currency: string, schedule: { start?: unknown; end?: unknown }): void {
  if (current.budget_mode === 'BUDGET_MODE_INFINITE') throw paramError('budget: The budget mode BUDGET_MODE_INFINITE cannot be changed.');
  if (currency !== 'USD') return;
  if (kind === 'campaign' && budget < 50) throw paramError('budget: Campaign budget must be at least 50.00 USD.');
  if (kind === 'adgroup') {
    const start = schedule.start ?? current.schedule_start_time;
    const end = schedule.end ?? current.schedule_end_time;
    const days = current.budget_mode === 'BUDGET_MODE_TOTAL' && start && end ? Math.max(1, Math.ceil((utc(end) - utc(start)) / DAY_MS)) : 1;
    if (budget < 20 * days) throw paramError(`budget: Ad group budget must be at least ${(20 * days).toFixed(2)} USD.`);
  }
}
