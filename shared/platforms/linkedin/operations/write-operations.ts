import { z } from 'zod';
import { AppError } from '../../../errors/app-error';
import { createOnce, singleLookup } from '../../core/create-once';
import type { AccountRef, CallRequest, PlatformCaller } from '../../core/caller';
import { defineWriteOperation, type WriteContext, type WriteOperation } from '../../core/write-operation';
import { urnOf } from '../ids';
import { accountPath, callLinkedin, create, getOne, partialUpdate, type LinkedinCall } from './call';
import { COLLECTION, createdOf, findNamed, type Created, type EntityKind } from './lookup';
import { CampaignBudgetDto, CreateCampaignDto, CreateCampaignGroupDto, GroupBudgetDto, StatusChangeDto } from './write.dto';
import { NAME_LIMIT } from './common.dto';
import type { BudgetChange, SpendEffect } from '../../core/write-safety';

/*
 * Every LinkedIn write the gateway runs as a job. The route submits the operation object with the
 * validated body (and the path id) as the job's params, typed by the operation's params schema; the
 * worker parses them again and builds the LinkedIn call from them.
 */

const call = <T>(ctx: WriteContext, c: LinkedinCall, kind: 'read' | 'write', wire?: CallRequest['wire']) => callLinkedin<T>(ctx.caller, c, kind, wire);

/**
 * LinkedIn creates have no idempotency key: the object keeps the caller's name, the client never
 * resends the create, and a retried job looks the object up by that name, its campaign group and
 * its created time before creating again (docs/exactly-once.md, docs/platforms/linkedin.md).
 */
function createNamed(ctx: WriteContext, kind: EntityKind, body: Record<string, unknown> & { name: string; campaignGroup?: string }): Promise<Created> {
  const accountId = ctx.account.platformAccountId;
  const read = <T>(lc: LinkedinCall) => call<T>(ctx, lc, 'read');
  return createOnce<Created>(ctx, 'create', {
    create: async (_requestId, wire, [name = body.name]) => {
      const c = create(accountPath(accountId, COLLECTION[kind]), { ...body, account: urnOf('account', accountId), name });
      const r = await call<{ id?: string }>(ctx, c, 'write', wire);
      if (!r?.id) throw new AppError('PLATFORM_UNAVAILABLE', 'LinkedIn did not return the id of the new object');
      return createdOf(kind, String(r.id), name);
    },
    lookup: singleLookup<Created>({
      name: body.name,
      maxName: NAME_LIMIT,
      fields: { kind, campaignGroup: body.campaignGroup ?? null },
      find: (name) => findNamed(read, accountId, kind, name, body.campaignGroup),
      idOf: (r) => r.id,
      resultOf: (c, name) => createdOf(kind, c.id, name),
    }),
  });
}

export const createCampaignGroup = defineWriteOperation({
  name: 'linkedin.campaign-group.create',
  platform: 'linkedin',
  kind: 'create',
  exactlyOnce: { lookup: 'the name and created time among the account\'s campaign groups' },
  params: z.object({ dto: CreateCampaignGroupDto }).strict(),
  spend: ({ dto }) => linkedinCreateSpend(dto),
  run: (ctx, { dto }) => {
    const { adAccountId: _a, ...body } = dto;
    return createNamed(ctx, 'group', body);
  },
});

export const createCampaign = defineWriteOperation({
  name: 'linkedin.campaign.create',
  platform: 'linkedin',
  kind: 'create',
  exactlyOnce: { lookup: 'the name, campaign group and created time among the account\'s campaigns' },
  params: z.object({ dto: CreateCampaignDto }).strict(),
  spend: ({ dto }) => linkedinCreateSpend(dto),
  run: (ctx, { dto }) => {
    const { adAccountId: _a, campaignGroupId, ...body } = dto;
    return createNamed(ctx, 'campaign', { ...body, campaignGroup: urnOf('group', campaignGroupId) });
  },
});

type Money = { amount: string };

/** LinkedIn amounts are decimals in the account currency; a new object delivers at once only when created ACTIVE (the default is DRAFT). */
function linkedinCreateSpend(dto: { status?: string; dailyBudget?: Money; totalBudget?: Money }): SpendEffect {
  const budgets: BudgetChange[] = [];
  if (dto.dailyBudget) budgets.push({ field: 'dailyBudget', amount: dto.dailyBudget.amount, period: 'daily' });
  if (dto.totalBudget) budgets.push({ field: 'totalBudget', amount: dto.totalBudget.amount, period: 'lifetime' });
  return { budgets, createsActive: dto.status === 'ACTIVE' };
}

/** A PARTIAL_UPDATE of `status`: setting it twice is harmless, so it needs no checkpoint. */
function statusOperation(name: string, kind: EntityKind) {
  return defineWriteOperation({
    name,
    platform: 'linkedin',
    kind: 'update',
    params: z.object({ id: z.string().regex(/^\d{1,19}$/), dto: StatusChangeDto }).strict(),
    targets: ({ id }) => [`${kind}:${id}`],
    spend: ({ dto }) => ({ activates: dto.status === 'ACTIVE' }),
    run: async (ctx, { id, dto }) => {
      await call(ctx, partialUpdate(accountPath(ctx.account.platformAccountId, COLLECTION[kind], id), { status: dto.status }), 'write');
      return { id, urn: urnOf(kind, id), status: dto.status };
    },
  });
}

export const campaignGroupStatus = statusOperation('linkedin.campaign-group.status', 'group');
export const campaignStatus = statusOperation('linkedin.campaign.status', 'campaign');

const BUDGET_FIELDS = [
  ['dailyBudget', 'daily'],
  ['totalBudget', 'lifetime'],
] as const;

/** The budgets a change sets, in the account currency's units. */
function budgetChanges(dto: { dailyBudget?: Money; totalBudget?: Money }): BudgetChange[] {
  return BUDGET_FIELDS.flatMap(([field, period]) => (dto[field] ? [{ field, amount: dto[field].amount, period }] : []));
}

type Budgets = { dailyBudget?: Money & { currencyCode: string }; totalBudget?: Money & { currencyCode: string } };
const entityIdParam = z.string().regex(/^\d{1,19}$/);

/**
 * A PARTIAL_UPDATE of the budget fields: absolute amounts, so a replay sets the same values and
 * needs no checkpoint. The current amounts come from the object itself (`GET /{id}`).
 */
const budgetParts = (kind: EntityKind) => ({
  platform: 'linkedin' as const,
  kind: 'update' as const,
  targets: ({ id }: { id: string }) => [`${kind}:${id}`],
  spend: ({ dto }: { dto: Budgets }) => ({ budgets: budgetChanges(dto) }),
  currentBudgets: async (caller: PlatformCaller, account: AccountRef, { id }: { id: string }) => {
    const current = await callLinkedin<Partial<Record<'dailyBudget' | 'totalBudget', Money>>>(caller, getOne(accountPath(account.platformAccountId, COLLECTION[kind], id)), 'read');
    return Object.fromEntries(BUDGET_FIELDS.map(([field]) => [field, current?.[field]?.amount ?? null]));
  },
  run: async (ctx: WriteContext, { id, dto }: { id: string; dto: Budgets }) => {
    const { dailyBudget, totalBudget } = dto;
    await call(ctx, partialUpdate(accountPath(ctx.account.platformAccountId, COLLECTION[kind], id), { dailyBudget, totalBudget }), 'write');
    return { id, urn: urnOf(kind, id), ...(dailyBudget ? { dailyBudget } : {}), ...(totalBudget ? { totalBudget } : {}) };
  },
});

export const campaignGroupBudget = defineWriteOperation({
  name: 'linkedin.campaign-group.budget',
  params: z.object({ id: entityIdParam, dto: GroupBudgetDto }).strict(),
  ...budgetParts('group'),
});
export const campaignBudget = defineWriteOperation({
  name: 'linkedin.campaign.budget',
  params: z.object({ id: entityIdParam, dto: CampaignBudgetDto }).strict(),
  ...budgetParts('campaign'),
});

export const linkedinWriteOperations: readonly WriteOperation[] = [createCampaignGroup, campaignGroupStatus, campaignGroupBudget, createCampaign, campaignStatus, campaignBudget];
