import { z } from 'zod';
import { defineWriteOperation, type WriteContext, type WriteOperation } from '../../core/write-operation';
import { CAMPAIGN_STATUSES, setCampaignBudget, setCampaignStatus, type WriteTarget } from './campaign-writes';

/*
 * Google writes run as jobs. The route passes the validated input; the worker parses it again and
 * calls Google for the guarded account (through its manager when it was reached through one).
 */

export const googleOpName = {
  campaignStatus: 'google.campaign.status',
  campaignBudget: 'google.campaign.budget',
};

const target = (ctx: WriteContext): WriteTarget => ({ customerId: ctx.account.platformAccountId });
const campaignId = z.string().regex(/^\d{1,19}$/);

const StatusParams = z.object({ campaignId, status: z.enum(CAMPAIGN_STATUSES), validateOnly: z.boolean() }).strict();
const BudgetParams = z.object({ campaignId, amountMicros: z.string().regex(/^\d{1,19}$/), validateOnly: z.boolean() }).strict();

// Exactly once: naturally idempotent (sets a status; a repeated remove of a removed campaign answers as the first).
const campaignStatus = defineWriteOperation<z.infer<typeof StatusParams>>({
  name: googleOpName.campaignStatus,
  platform: 'google',
  kind: 'update',
  params: StatusParams,
  run: (ctx, p) => setCampaignStatus(ctx.caller, target(ctx), p.campaignId, p.status, p.validateOnly),
});

// Exactly once: naturally idempotent (sets amount_micros to a value; a retry sets the same value).
const campaignBudget = defineWriteOperation<z.infer<typeof BudgetParams>>({
  name: googleOpName.campaignBudget,
  platform: 'google',
  kind: 'update',
  params: BudgetParams,
  run: (ctx, p) => setCampaignBudget(ctx.caller, target(ctx), p.campaignId, p.amountMicros, p.validateOnly),
});

export const googleWriteOperations: WriteOperation[] = [campaignStatus, campaignBudget];
