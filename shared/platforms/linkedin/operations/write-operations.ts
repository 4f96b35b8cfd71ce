import { z } from 'zod';
import { AppError } from '../../../errors/app-error';
import { createOnce, stepName } from '../../core/create-once';
import type { CallRequest } from '../../core/caller';
import { defineWriteOperation, type WriteContext, type WriteOperation } from '../../core/write-operation';
import { urnOf } from '../ids';
import { accountPath, callLinkedin, create, partialUpdate, type LinkedinCall } from './call';
import { COLLECTION, findByName, type Created, type EntityKind } from './lookup';
import { CreateCampaignDto, CreateCampaignGroupDto, StatusChangeDto } from './write.dto';

/*
 * Every LinkedIn write the gateway runs as a job. The route submits the operation object with the
 * validated body (and the path id) as the job's params, typed by the operation's params schema; the
 * worker parses them again and builds the LinkedIn call from them.
 */

const call = <T>(ctx: WriteContext, c: LinkedinCall, kind: 'read' | 'write', wire?: CallRequest['wire']) => callLinkedin<T>(ctx.caller, c, kind, wire);

/**
 * LinkedIn creates have no idempotency key: the object gets the job step's tagged name, the client
 * never resends the create, and a retried job looks that name up before creating again
 * (docs/exactly-once.md, docs/platforms/linkedin.md).
 */
function createNamed(ctx: WriteContext, kind: EntityKind, body: Record<string, unknown> & { name: string }): Promise<Created> {
  const accountId = ctx.account.platformAccountId;
  const name = stepName(ctx.jobId, 'create', body.name);
  const c = create(accountPath(accountId, COLLECTION[kind]), { ...body, account: urnOf('account', accountId), name });
  return createOnce<Created>(ctx, 'create', {
    create: async (_requestId, wire) => {
      const r = await call<{ id?: string }>(ctx, c, 'write', wire);
      if (!r?.id) throw new AppError('PLATFORM_UNAVAILABLE', 'LinkedIn did not return the id of the new object');
      return { id: String(r.id), urn: urnOf(kind, r.id), name };
    },
    find: () => findByName((lc) => call(ctx, lc, 'read'), accountId, kind, name),
  });
}

export const createCampaignGroup = defineWriteOperation({
  name: 'linkedin.campaign-group.create',
  platform: 'linkedin',
  kind: 'create',
  exactlyOnce: { lookup: 'the tagged campaign group name among the account\'s campaign groups' },
  params: z.object({ dto: CreateCampaignGroupDto }).strict(),
  run: (ctx, { dto }) => {
    const { adAccountId: _a, ...body } = dto;
    return createNamed(ctx, 'group', body);
  },
});

export const createCampaign = defineWriteOperation({
  name: 'linkedin.campaign.create',
  platform: 'linkedin',
  kind: 'create',
  exactlyOnce: { lookup: 'the tagged campaign name among the account\'s campaigns' },
  params: z.object({ dto: CreateCampaignDto }).strict(),
  run: (ctx, { dto }) => {
    const { adAccountId: _a, campaignGroupId, ...body } = dto;
    return createNamed(ctx, 'campaign', { ...body, campaignGroup: urnOf('group', campaignGroupId) });
  },
});

/** A PARTIAL_UPDATE of `status`: setting it twice is harmless, so it needs no checkpoint. */
function statusOperation(name: string, kind: EntityKind) {
  return defineWriteOperation({
    name,
    platform: 'linkedin',
    kind: 'update',
    params: z.object({ id: z.string().regex(/^\d{1,19}$/), dto: StatusChangeDto }).strict(),
    run: async (ctx, { id, dto }) => {
      await call(ctx, partialUpdate(accountPath(ctx.account.platformAccountId, COLLECTION[kind], id), { status: dto.status }), 'write');
      return { id, urn: urnOf(kind, id), status: dto.status };
    },
  });
}

export const campaignGroupStatus = statusOperation('linkedin.campaign-group.status', 'group');
export const campaignStatus = statusOperation('linkedin.campaign.status', 'campaign');

export const linkedinWriteOperations: readonly WriteOperation[] = [createCampaignGroup, campaignGroupStatus, createCampaign, campaignStatus];
