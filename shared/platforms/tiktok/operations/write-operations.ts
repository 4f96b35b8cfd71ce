import { z } from 'zod';
import type { ZodTypeAny } from 'zod';
import { createOnce, stepName } from '../../core/create-once';
import { findAdsByName, SMART_ADS } from './ad-lookup';
import { defineWriteOperation, type WriteContext, type WriteOperation } from '../../core/write-operation';
import type { TiktokCall } from './call';
import { AppError } from '../../../errors/app-error';
import { UpdateAssetsStatusDto } from './assets.dto';
import { statusCall } from './assets-write';
import { createAssetsOperation } from './create-assets.operation';
import { callTiktok } from './runtime';
import { SMART_LEVELS, type SmartLevel } from './levels';
import { appealCall, materialStatusCall, smartCreateCall, smartStatusCall, smartUpdateCall } from './smart';
import {
  CreateAutomatedAdAppealDto,
  CreateAutomatedAdDto,
  CreateAutomatedAdGroupDto,
  CreateAutomatedCampaignDto,
  StatusAutomatedAdDto,
  StatusAutomatedAdGroupDto,
  StatusAutomatedCampaignDto,
  UpdateAutomatedAdDto,
  UpdateAutomatedAdGroupDto,
  UpdateAutomatedAdMaterialStatusDto,
  UpdateAutomatedCampaignDto,
} from './smart.dto';

/*
 * Every TikTok write the gateway runs as a job. The route passes the validated DTO (and the path id)
 * as the job's params; the worker parses them again and builds the platform call from them.
 */

type Params = { id?: string; dto: Record<string, unknown> };
const paramsOf = (dto: ZodTypeAny) => z.object({ id: z.string().regex(/^\d{1,24}$/).optional(), dto }).strict();

const run = (ctx: WriteContext, c: TiktokCall) => callTiktok<unknown>(ctx.caller, c);

/** How a single-call write is declared: an update is repeatable as is; a create names its idempotency key. */
type SingleKind = { kind: 'update' } | { kind: 'create'; exactlyOnce: { idempotencyKey: string } };
const UPDATE: SingleKind = { kind: 'update' };
const BY_REQUEST_ID: SingleKind = { kind: 'create', exactlyOnce: { idempotencyKey: 'request_id' } };

/** A single platform call; a create is checkpointed and carries a stable request_id. */
function single(name: string, dto: ZodTypeAny, build: (adv: string, p: Params, requestId: string) => TiktokCall, declared: SingleKind = UPDATE): WriteOperation {
  return defineWriteOperation<Params>({
    name,
    platform: 'tiktok',
    params: paramsOf(dto),
    ...declared,
    run: async (ctx, p) => {
      const adv = ctx.account.platformAccountId;
      if (declared.kind !== 'create') return run(ctx, build(adv, p, ''));
      return createOnce(ctx, 'create', { create: (rid, wire) => callTiktok(ctx.caller, build(adv, p, rid), 'write', wire) });
    },
  });
}

export const opName = {
  assetsCreate: createAssetsOperation.name,
  assetsStatus: 'tiktok.assets.status',
  smartCreate: (l: SmartLevel) => `tiktok.smart.${l}.create`,
  smartUpdate: (l: SmartLevel) => `tiktok.smart.${l}.update`,
  smartStatus: (l: SmartLevel) => `tiktok.smart.${l}.status`,
  materialStatus: 'tiktok.smart.ad.material-status',
  appeal: 'tiktok.smart.ad.appeal',
};

/**
 * smart_plus/ad/create has no idempotency key: the ad gets the job step's tagged name, and a retry
 * pages through its ad group's Smart+ ads for that name before creating again.
 */
const smartAdCreate = defineWriteOperation<Params>({
  name: opName.smartCreate('ad'),
  platform: 'tiktok',
  kind: 'create',
  exactlyOnce: { lookup: 'the tagged ad name among the Smart+ ads of the ad group' },
  params: paramsOf(CreateAutomatedAdDto),
  run: async (ctx, p) => {
    const adv = ctx.account.platformAccountId;
    const dto = p.dto as { adgroupId: string; adName: string };
    const adName = stepName(ctx.jobId, 'create', dto.adName);
    const read = <T>(c: TiktokCall, kind: 'read' | 'write' = 'read') => callTiktok<T>(ctx.caller, c, kind);
    return createOnce(ctx, 'create', {
      create: (rid, wire) => callTiktok(ctx.caller, smartCreateCall('ad', adv, { ...p.dto, adName }, rid), 'write', wire),
      find: async () => (await findAdsByName(read, SMART_ADS, adv, dto.adgroupId, [adName]))?.[0],
    });
  },
});

const SMART_DTOS: Record<SmartLevel, { create: ZodTypeAny; update: ZodTypeAny; status: ZodTypeAny }> = {
  campaign: { create: CreateAutomatedCampaignDto, update: UpdateAutomatedCampaignDto, status: StatusAutomatedCampaignDto },
  adgroup: { create: CreateAutomatedAdGroupDto, update: UpdateAutomatedAdGroupDto, status: StatusAutomatedAdGroupDto },
  ad: { create: CreateAutomatedAdDto, update: UpdateAutomatedAdDto, status: StatusAutomatedAdDto },
};

const ids = (p: Params) => p.dto as { ids: string[]; status: 'ENABLE' | 'DISABLE' | 'DELETE' };

/**
 * Smart+ campaign and ad group status updates answer success with the ids they could not change in
 * `error_list`. When none was changed (ids of another advertiser, or unknown ids) that is a 404,
 * as the Smart+ ad status route answers; a partial success stays a 200 listing the failures.
 */
function smartBatchStatus(level: 'campaign' | 'adgroup'): WriteOperation {
  const listKey = `${level}_list`;
  const idKey = `${level}_id`;
  return defineWriteOperation<Params>({
    name: opName.smartStatus(level),
    platform: 'tiktok',
    kind: 'update',
    params: paramsOf(SMART_DTOS[level].status),
    run: async (ctx, p) => {
      const data = (await run(ctx, smartStatusCall(level, ctx.account.platformAccountId, ids(p)))) as Record<string, unknown> | null;
      const done = Array.isArray(data?.[listKey]) ? (data[listKey] as unknown[]) : [];
      const failed = Array.isArray(data?.error_list) ? (data.error_list as Record<string, unknown>[]) : [];
      if (done.length === 0 && failed.length > 0) {
        throw new AppError('NOT_FOUND', `No Smart+ ${level === 'adgroup' ? 'ad group' : level} with these ids in this ad account`, {
          details: failed.map((f) => ({ path: 'body.ids', message: `${String(f[idKey])}: ${String(f.error_message ?? 'not found')}` })),
        });
      }
      return data;
    },
  });
}

export const tiktokWriteOperations: WriteOperation[] = [
  createAssetsOperation,
  single(opName.assetsStatus, UpdateAssetsStatusDto, (adv, p) => statusCall(adv, p.dto as z.infer<typeof UpdateAssetsStatusDto>)),
  ...SMART_LEVELS.flatMap((level) => [
    level === 'ad' ? smartAdCreate : single(opName.smartCreate(level), SMART_DTOS[level].create, (adv, p, rid) => smartCreateCall(level, adv, p.dto, rid), BY_REQUEST_ID),
    single(opName.smartUpdate(level), SMART_DTOS[level].update, (adv, p) => smartUpdateCall(level, adv, p.id!, p.dto)),
    level === 'ad' ? single(opName.smartStatus(level), SMART_DTOS[level].status, (adv, p) => smartStatusCall(level, adv, ids(p))) : smartBatchStatus(level),
  ]),
  single(opName.materialStatus, UpdateAutomatedAdMaterialStatusDto, (adv, p) => materialStatusCall(adv, p.dto as z.infer<typeof UpdateAutomatedAdMaterialStatusDto>)),
  single(opName.appeal, CreateAutomatedAdAppealDto, (adv, p) => appealCall(adv, p.id!, p.dto)),
];
