import type { AccountRef, CallRequest, PlatformCaller } from './caller';

/**
 * How a platform states money in write requests: Meta in the currency's minor unit (cents; whole
 * yen for JPY), TikTok and LinkedIn in the currency's own units as decimals, Google in micros.
 */
export type BudgetUnit = 'minor' | 'major' | 'micros';

/** A budget a write sets, in the platform's unit, under the field name the platform uses. */
export interface BudgetChange {
  field: string;
  amount: string;
  period: 'daily' | 'lifetime';
}

/** What a write would do to spend: what the tenant's guardrails look at. */
export interface SpendEffect {
  budgets?: BudgetChange[];
  /** Sets an object to a status in which it delivers (Meta ACTIVE, TikTok ENABLE, Google ENABLED, LinkedIn ACTIVE). */
  activates?: boolean;
  /** A create whose new object would deliver as soon as it is made (not created paused). */
  createsActive?: boolean;
}

/** The current budgets of the object an update changes, by field, in the platform's unit (null: none set). */
export type CurrentBudgets = Record<string, string | null>;

/** What a write operation declares for the safe-write checks (dry runs, guardrails). */
export interface WriteSafety<P> {
  spend?(params: P): SpendEffect;
  /** Reads the budgets the update changes, before it runs: for the budget-increase guardrail and the audit's `before`. */
  currentBudgets?(caller: PlatformCaller, account: AccountRef, params: P): Promise<CurrentBudgets>;
  /** The write reads the current budget itself: reading it first too costs little and gives the audit its `before`. */
  readsCurrentBudgets?: boolean;
}

/** A platform's part in dry runs and guardrails. */
export interface PlatformWriteSafety {
  budgetUnit: BudgetUnit;
  /**
   * The same write request asking the platform only to validate it (Meta `execution_options`
   * `validate_only`, Google `validateOnly`); undefined for a request the platform cannot validate
   * that way, and absent where the platform has no such mode.
   */
  validateOnly?(req: CallRequest): CallRequest | undefined;
}
