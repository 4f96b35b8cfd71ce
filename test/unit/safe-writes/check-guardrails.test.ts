import type { SpendEffect } from '../../../shared/platforms/core/write-safety';
import { checkGuardrails, GuardrailsSchema, needsCurrentBudgets, type GuardrailInput } from '../../../shared/domain/safe-writes/guardrails';

const daily = (amount: string, field = 'daily_budget') => ({ budgets: [{ field, amount, period: 'daily' as const }] });
const base: GuardrailInput = { guardrails: {}, kind: 'update', effect: {}, unit: 'minor', currency: 'USD' };
const check = (over: Partial<GuardrailInput>) => checkGuardrails({ ...base, ...over });

describe('checkGuardrails', () => {
  it.each([
    ['no guardrails: nothing to say', {}, daily('999999'), 'minor', 'USD', undefined],
    ['Meta cents at the limit', { maxDailyBudget: { USD: '25' } }, daily('2500'), 'minor', 'USD', undefined],
    ['Meta cents one over', { maxDailyBudget: { USD: '25' } }, daily('2501'), 'minor', 'USD', { limit: '25 USD', value: '25.01 USD' }],
    ['Meta JPY (whole yen) over', { maxDailyBudget: { JPY: '5000' } }, daily('5001'), 'minor', 'JPY', { limit: '5000 JPY', value: '5001 JPY' }],
    ['Meta KWD (fils) over', { maxDailyBudget: { KWD: '1.5' } }, daily('1501'), 'minor', 'KWD', { limit: '1.5 KWD', value: '1.501 KWD' }],
    ['TikTok major over', { maxDailyBudget: { USD: '50' } }, daily('50.01', 'budget'), 'major', 'USD', { field: 'budget', limit: '50 USD', value: '50.01 USD' }],
    ['LinkedIn major under', { maxDailyBudget: { USD: '50' } }, daily('49.99', 'dailyBudget'), 'major', 'USD', undefined],
    ['Google micros over', { maxDailyBudget: { USD: '50' } }, daily('50000001', 'amount_micros'), 'micros', 'USD', { field: 'amount_micros', limit: '50 USD', value: '50.000001 USD' }],
    ['a limit in another currency', { maxDailyBudget: { EUR: '1' } }, daily('2500'), 'minor', 'USD', undefined],
    ['a lifetime budget has no daily amount', { maxDailyBudget: { USD: '1' } }, { budgets: [{ field: 'lifetime_budget', amount: '999999', period: 'lifetime' as const }] }, 'minor', 'USD', undefined],
  ] as const)('%s', (_what, guardrails, effect, unit, currency, breach) => {
    const v = check({ guardrails, effect: effect as SpendEffect, unit, currency, kind: 'create' });
    expect(v.breach).toEqual(breach ? { rule: 'maxDailyBudget', field: 'daily_budget', ...breach } : undefined);
    expect(v.confirm).toEqual([]);
  });

  it('an amount finer than micros is compared by no rule it escapes, and is a 400 for a rule that compares it', () => {
    const float = daily(String(0.1 + 0.2), 'budget');
    expect(check({ unit: 'major', effect: float })).toEqual({ confirm: [], warnings: [] });
    expect(check({ unit: 'major', effect: float, guardrails: { maxDailyBudget: { EUR: '1' } } })).toEqual({ confirm: [], warnings: [] });
    expect(() => check({ unit: 'major', effect: float, guardrails: { maxDailyBudget: { USD: '1' } } })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ path: 'body.budget' })] }));
  });

  it('an unknown account currency compares nothing and says so', () => {
    const v = check({ guardrails: { maxDailyBudget: { USD: '1' } }, effect: daily('2500'), currency: null });
    expect(v.breach).toBeUndefined();
    expect(v.warnings).toEqual([expect.stringContaining('currency is not known')]);
  });

  it.each([
    [50, '1000', '1500', undefined],
    [50, '1000', '1501', '50.1%'],
    [0, '1000', '1001', '0.1%'],
    [10, '3', '4', '33.333333%'],
    [50, '0', '1', 'from 0'],
  ])('maxBudgetIncreasePercent %p: %s → %s', (max, before, after, value) => {
    const v = check({ guardrails: { maxBudgetIncreasePercent: max }, effect: daily(after), current: { daily_budget: before } });
    expect(v.breach).toEqual(value ? { rule: 'maxBudgetIncreasePercent', field: 'daily_budget', limit: `${max}%`, value } : undefined);
  });

  it('a cut or no current budget is no increase', () => {
    const g = { maxBudgetIncreasePercent: 0, requireConfirmation: ['budgetIncrease' as const] };
    expect(check({ guardrails: g, effect: daily('900'), current: { daily_budget: '1000' } })).toEqual({ confirm: [], warnings: [] });
    expect(check({ guardrails: g, effect: daily('900'), current: { daily_budget: null } })).toEqual({ confirm: [], warnings: [] });
  });

  it('Google micros against the budget Google holds', () => {
    const v = check({ guardrails: { maxBudgetIncreasePercent: 20 }, unit: 'micros', effect: daily('12000001', 'amount_micros'), current: { amount_micros: '10000000' } });
    expect(v.breach).toEqual({ rule: 'maxBudgetIncreasePercent', field: 'amount_micros', limit: '20%', value: '20.00001%' });
  });

  it.each([
    ['activate', 'update', { activates: true }, ['activate']],
    ['activate', 'update', { activates: false }, []],
    ['create', 'create', { createsActive: true }, ['create']],
    ['create', 'create', { createsActive: false }, []],
    ['create', 'update', { createsActive: true }, []],
  ] as const)('requireConfirmation %s on a %s with %j → %j', (action, kind, effect, confirm) => {
    expect(check({ guardrails: { requireConfirmation: [action] }, kind, effect }).confirm).toEqual(confirm);
  });

  it('budgetIncrease asks only for a raise, with the other confirmations in rule order', () => {
    const g = { requireConfirmation: ['budgetIncrease' as const, 'activate' as const] };
    expect(check({ guardrails: g, effect: { ...daily('1100'), activates: true }, current: { daily_budget: '1000' } }).confirm).toEqual(['activate', 'budgetIncrease']);
  });

  it('needsCurrentBudgets only for an update that sets a budget under a rule that compares with it', () => {
    expect(needsCurrentBudgets({ maxBudgetIncreasePercent: 1 }, 'update', daily('1'))).toBe(true);
    expect(needsCurrentBudgets({ requireConfirmation: ['budgetIncrease'] }, 'update', daily('1'))).toBe(true);
    expect(needsCurrentBudgets({ maxDailyBudget: { USD: '1' } }, 'update', daily('1'))).toBe(false);
    expect(needsCurrentBudgets({ maxBudgetIncreasePercent: 1 }, 'create', daily('1'))).toBe(false);
    expect(needsCurrentBudgets({ maxBudgetIncreasePercent: 1 }, 'update', {})).toBe(false);
  });
});

describe('GuardrailsSchema', () => {
  it('takes the documented shape and removes repeated confirmations', () => {
    expect(GuardrailsSchema.parse({ maxDailyBudget: { USD: '500', JPY: '50000' }, maxBudgetIncreasePercent: 50, requireConfirmation: ['activate', 'activate'] })).toEqual({
      maxDailyBudget: { USD: '500', JPY: '50000' }, maxBudgetIncreasePercent: 50, requireConfirmation: ['activate'],
    });
  });

  it.each([
    [{ maxDailyBudget: { usd: '5' } }],
    [{ maxDailyBudget: { USD: 5 } }],
    [{ maxDailyBudget: { USD: '-5' } }],
    [{ maxDailyBudget: { USD: '1e3' } }],
    [{ maxBudgetIncreasePercent: -1 }],
    [{ requireConfirmation: ['delete'] }],
    [{ somethingElse: true }],
  ])('refuses %j', (g) => {
    expect(GuardrailsSchema.safeParse(g).success).toBe(false);
  });

  it('a percentage has at most two decimals, so every one it accepts compares exactly', () => {
    for (const max of [0.5, 33.25, 100_000]) {
      const parsed = GuardrailsSchema.parse({ maxBudgetIncreasePercent: max });
      expect(() => check({ guardrails: parsed, effect: daily('2000'), current: { daily_budget: '1000' } })).not.toThrow();
    }
    for (const max of [0.001, 1e-7, 33.333]) expect(GuardrailsSchema.safeParse({ maxBudgetIncreasePercent: max }).success).toBe(false);
  });
});
