import { z } from 'zod';
import { AppError } from '../../errors/app-error';
import { isAmount, majorToMicros, microsToMajor, platformAmountToMicros } from '../../platforms/core/money';
import type { BudgetUnit, CurrentBudgets, SpendEffect } from '../../platforms/core/write-safety';

/** The actions a tenant may ask to confirm before they run. */
export const CONFIRMABLE_ACTIONS = ['activate', 'budgetIncrease', 'create'] as const;
export type ConfirmableAction = (typeof CONFIRMABLE_ACTIONS)[number];

/** A tenant's guardrails (`settings.guardrails`); absent fields set no limit. */
export const GuardrailsSchema = z
  .object({
    maxDailyBudget: z
      .record(z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code'), z.string().refine(isAmount, 'a decimal amount in that currency, like "250" or "99.50"'))
      .optional(),
    // At most two decimals, so the number's text is always a plain decimal the exact money code takes (never `1e-7`).
    maxBudgetIncreasePercent: z
      .number()
      .min(0)
      .max(100_000)
      .refine((n) => /^\d+(\.\d{1,2})?$/.test(String(n)), 'a percentage with at most two decimals, like 50 or 12.5')
      .optional(),
    requireConfirmation: z
      .array(z.enum(CONFIRMABLE_ACTIONS))
      .max(CONFIRMABLE_ACTIONS.length)
      .transform((l) => [...new Set(l)])
      .optional(),
  })
  .strict();
export type Guardrails = z.infer<typeof GuardrailsSchema>;

/** Which rule a write broke, the limit and what the write would set. */
export interface Breach {
  rule: 'maxDailyBudget' | 'maxBudgetIncreasePercent';
  field: string;
  limit: string;
  value: string;
}

export interface GuardrailVerdict {
  breach?: Breach;
  /** The confirmations the write needs, in the order the rules are listed. */
  confirm: ConfirmableAction[];
  warnings: string[];
}

export interface GuardrailInput {
  guardrails: Guardrails;
  kind: 'create' | 'update' | 'report';
  effect: SpendEffect;
  unit: BudgetUnit;
  /** The account's ISO 4217 currency; null when the gateway does not know it. */
  currency: string | null;
  /** The object's budgets before the write (updates that change a budget, when a rule needs them). */
  current?: CurrentBudgets;
}

/** Whether a rule needs the object's current budgets read from the platform before it can decide. */
export const needsCurrentBudgets = (g: Guardrails, kind: GuardrailInput['kind'], effect: SpendEffect) =>
  kind === 'update' && Boolean(effect.budgets?.length) && (g.maxBudgetIncreasePercent !== undefined || Boolean(g.requireConfirmation?.includes('budgetIncrease')));

/** Per cent with two decimals, exactly, as text. */
const percentOf = (part: bigint, whole: bigint) => microsToMajor((part * 100_000_000n) / whole);

/** An amount in micros; one with more precision than micros (a float such as 0.30000000000000004) is a 400, not a guess. */
function exactMicros(amount: string, field: string, unit: BudgetUnit, currency: string): bigint {
  try {
    return platformAmountToMicros(amount, unit, currency);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Invalid budget', {
      details: [{ path: `body.${field}`, message: `${amount} has more decimals than a ${currency} amount can have, so it cannot be compared with the tenant's budget limits` }],
    });
  }
}

/**
 * Checks one write against the tenant's guardrails. Amounts compare exactly in micros of the
 * account's currency, after each platform's unit is converted. A daily limit applies to daily
 * budgets; a lifetime budget has no daily amount to compare.
 */
export function checkGuardrails(input: GuardrailInput): GuardrailVerdict {
  const { guardrails: g, effect, unit, currency } = input;
  const verdict: GuardrailVerdict = { confirm: [], warnings: [] };
  const wants = new Set(g.requireConfirmation ?? []);
  let raises = false;
  for (const b of effect.budgets ?? []) {
    if (!currency) {
      if (g.maxDailyBudget || g.maxBudgetIncreasePercent !== undefined) verdict.warnings.push(`The account's currency is not known: ${b.field} was not compared with the budget limits.`);
      continue;
    }
    const limit = b.period === 'daily' ? g.maxDailyBudget?.[currency] : undefined;
    const before = input.current?.[b.field];
    // Converted only when a rule compares it, so a write no rule looks at is judged by the platform alone.
    if (limit === undefined && (before === undefined || before === null)) continue;
    const micros = exactMicros(b.amount, b.field, unit, currency);
    if (limit !== undefined && micros > majorToMicros(limit)) {
      verdict.breach ??= { rule: 'maxDailyBudget', field: b.field, limit: `${limit} ${currency}`, value: `${microsToMajor(micros)} ${currency}` };
    }
    if (before === undefined || before === null) continue;
    const old = exactMicros(before, b.field, unit, currency);
    if (micros <= old) continue;
    raises = true;
    const max = g.maxBudgetIncreasePercent;
    if (max !== undefined && (old === 0n || (micros - old) * 100_000_000n > majorToMicros(String(max)) * old)) {
      const value = old === 0n ? 'from 0' : `${percentOf(micros - old, old)}%`;
      verdict.breach ??= { rule: 'maxBudgetIncreasePercent', field: b.field, limit: `${max}%`, value };
    }
  }
  if (wants.has('activate') && effect.activates) verdict.confirm.push('activate');
  if (wants.has('budgetIncrease') && raises) verdict.confirm.push('budgetIncrease');
  if (wants.has('create') && input.kind === 'create' && effect.createsActive) verdict.confirm.push('create');
  return verdict;
}
