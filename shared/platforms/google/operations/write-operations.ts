import { z } from 'zod';
import { defineWriteOperation, type WriteContext, type WriteOperation } from '../../core/write-operation';
import { CAMPAIGN_STATUSES, campaignBudgetOf, setCampaignBudget, setCampaignStatus, type WriteTarget } from './campaign-writes';

/*
 * Google writes run as jobs. The route submits the operation object with the validated input as the
 * job's params, typed by the operation's params schema; the worker parses it again and calls Google
 * for the guarded account (through its manager when it was reached through one).
 */

const target = (ctx: WriteContext): WriteTarget => ({ customerId: ctx.account.platformAccountId });
const campaignId = z.string().regex(/^\d{1,19}$/);

const StatusParams = z.object({ campaignId, status: z.enum(CAMPAIGN_STATUSES), validateOnly: z.boolean() }).strict();
const BudgetParams = z.object({ campaignId, amountMicros: z.string().regex(/^\d{1,19}$/), validateOnly: z.boolean() }).strict();

// Exactly once: naturally idempotent (sets a status; a repeated remove of a removed campaign answers as the first).
export const campaignStatus = defineWriteOperation({
  name: 'google.campaign.status',
  platform: 'google',
  kind: 'update',
  targets: (p) => [`campaign:${p.campaignId}`],
  params: StatusParams,
  spend: (p) => ({ activates: p.status === 'ENABLED' }),
  run: (ctx, p) => setCampaignStatus(ctx.caller, target(ctx), p.campaignId, p.status, p.validateOnly),
});

// Exactly once: naturally idempotent (sets amount_micros to a value; a retry sets the same value).
export const campaignBudget = defineWriteOperation({
  name: 'google.campaign.budget',
  platform: 'google',
  kind: 'update',
  targets: (p) => [`campaign:${p.campaignId}`],
  params: BudgetParams,
  // Google campaign budgets are daily amounts (the period Google documents for `amount_micros`).
  spend: (p) => ({ budgets: [{ field: 'amount_micros', amount: p.amountMicros, period: 'daily' }] }),
  readsCurrentBudgets: true,
  currentBudgets: async (caller, account, p) => ({ amount_micros: (await campaignBudgetOf(caller, { customerId: account.platformAccountId }, p.campaignId)).amountMicros }),
  run: (ctx, p) => setCampaignBudget(ctx.caller, target(ctx), p.campaignId, p.amountMicros, p.validateOnly),
});

export const googleWriteOperations: readonly WriteOperation[] = [campaignStatus, campaignBudget];
