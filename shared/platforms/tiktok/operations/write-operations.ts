import { z } from 'zod';
import type { ZodTypeAny } from 'zod';
import { createOnce, singleLookup } from '../../core/create-once';
import { AD_NAME_MAX, findAdsNamed, SMART_ADS } from './ad-lookup';

type Rec = Record<string, unknown>;
import { defineWriteOperation, type OperationParams, type WriteContext, type WriteOperation } from '../../core/write-operation';
import type { TiktokCall } from './call';
import { AppError } from '../../../errors/app-error';
import { UpdateAssetsStatusDto } from './assets.dto';
import { statusCall } from './assets-write';
import { createAssetsOperation } from './create-assets.operation';
import { callTiktok } from './runtime';
import { smartCurrentBudget, tiktokSpend } from './spend';
import type { AccountRef, PlatformCaller } from '../../core/caller';
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
 * Every TikTok write the gateway runs as a job. The route submits the operation object with the
 * validated DTO (and the path id) as the job's params, typed by the operation's params schema; the
 * worker parses them again and builds the platform call from them.
 */

/** A write's params: the route's DTO, and the path id of the object it changes. */
type Params<D> = { id?: string; dto: D };
const paramsOf = <D extends ZodTypeAny>(dto: D) => z.object({ id: z.string().regex(/^\d{1,24}$/).optional(), dto }).strict();

const run = (ctx: WriteContext, c: TiktokCall) => callTiktok<unknown>(ctx.caller, c);

/** How a single-call write is declared: an update is repeatable as is; a create names its idempotency key. */
type SingleKind = { kind: 'update' } | { kind: 'create'; exactlyOnce: { idempotencyKey: string } };
const UPDATE: SingleKind = { kind: 'update' };
const BY_REQUEST_ID: SingleKind = { kind: 'create', exactlyOnce: { idempotencyKey: 'request_id' } };

/** A write whose params are `{ id?, dto }` with the DTO's types (a route submits the DTO's input). */
type DtoOperation<D extends ZodTypeAny> = WriteOperation<Params<z.input<D>>, Params<z.output<D>>>;

/** A single platform call; a create is checkpointed and carries a stable request_id. */
/** The operation, naming the objects it changes: writes to one object run in the order they were accepted. */
const targeting = <O extends WriteOperation>(op: O, targets: (p: OperationParams<O>) => string[]): O => ({ ...op, targets });

function single<D extends ZodTypeAny>(name: string, dto: D, build: (adv: string, p: Params<z.output<D>>, requestId: string) => TiktokCall, declared: SingleKind = UPDATE): DtoOperation<D> {
  return defineWriteOperation<Params<z.output<D>>>({
    name,
    platform: 'tiktok',
    params: paramsOf(dto),
    ...declared,
    spend: (p) => tiktokSpend(declared.kind, p.dto as Record<string, unknown>),
    run: async (ctx, p) => {
      const adv = ctx.account.platformAccountId;
      if (declared.kind !== 'create') return run(ctx, build(adv, p, ''));
      return createOnce(ctx, 'create', { create: (rid, wire) => callTiktok(ctx.caller, build(adv, p, rid), 'write', wire) });
    },
  }) as DtoOperation<D>;
}

/**
 * smart_plus/ad/create has no idempotency key: the ad keeps the caller's name, and a retry pages
 * through its ad group's Smart+ ads for that name (created since the step's first send) before
 * creating again.
 */
const smartAdCreate = defineWriteOperation<Params<Record<string, unknown>>>({
  name: 'tiktok.smart.ad.create',
  platform: 'tiktok',
  kind: 'create',
  exactlyOnce: { lookup: 'the ad name, ad group and create_time among the Smart+ ads of the ad group' },
  params: paramsOf(CreateAutomatedAdDto),
  spend: (p) => tiktokSpend('create', p.dto as Record<string, unknown>),
  run: async (ctx, p) => {
    const adv = ctx.account.platformAccountId;
    const dto = p.dto as { adgroupId: string; adName: string };
    const read = <T>(c: TiktokCall, kind: 'read' | 'write' = 'read') => callTiktok<T>(ctx.caller, c, kind);
    return createOnce<Rec>(ctx, 'create', {
      create: (rid, wire, [adName = dto.adName]) => callTiktok<Rec>(ctx.caller, smartCreateCall('ad', adv, { ...p.dto, adName }, rid), 'write', wire),
      lookup: singleLookup<Rec>({
        name: dto.adName,
        maxName: AD_NAME_MAX,
        fields: { smartAdOf: dto.adgroupId },
        find: async (name) => (await findAdsNamed(read, SMART_ADS, adv, dto.adgroupId, [name]))[0] ?? [],
        idOf: (r) => String(r.smart_plus_ad_id ?? ''),
        resultOf: (c) => c.data ?? {},
      }),
    });
  },
}) as DtoOperation<typeof CreateAutomatedAdDto>;

/** The body of each Smart+ write, per level: the routes validate with these, the operations re-check with them. */
export const SMART_DTOS = {
  campaign: { create: CreateAutomatedCampaignDto, update: UpdateAutomatedCampaignDto, status: StatusAutomatedCampaignDto },
  adgroup: { create: CreateAutomatedAdGroupDto, update: UpdateAutomatedAdGroupDto, status: StatusAutomatedAdGroupDto },
  ad: { create: CreateAutomatedAdDto, update: UpdateAutomatedAdDto, status: StatusAutomatedAdDto },
} satisfies Record<SmartLevel, { create: ZodTypeAny; update: ZodTypeAny; status: ZodTypeAny }>;

const ids = (p: Params<Record<string, unknown>>) => p.dto as { ids: string[]; status: 'ENABLE' | 'DISABLE' | 'DELETE' };

/**
 * Smart+ campaign and ad group status updates answer success with the ids they could not change in
 * `error_list`. When none was changed (ids of another advertiser, or unknown ids) that is a 404,
 * as the Smart+ ad status route answers; a partial success stays a 200 listing the failures.
 */
function smartBatchStatus<L extends 'campaign' | 'adgroup'>(level: L): DtoOperation<(typeof SMART_DTOS)[L]['status']> {
  const listKey = `${level}_list`;
  const idKey = `${level}_id`;
  return defineWriteOperation<Params<Record<string, unknown>>>({
    name: `tiktok.smart.${level}.status`,
    platform: 'tiktok',
    kind: 'update',
    targets: (p) => ids(p).ids.map((id) => `${level}:${id}`),
    params: paramsOf(SMART_DTOS[level].status),
    spend: (p) => ({ activates: ids(p).status === 'ENABLE' }),
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
  }) as DtoOperation<(typeof SMART_DTOS)[L]['status']>;
}

/** The Smart+ writes of a level: create (with a request_id), update of one object (path id), status of 1–20. */
function smartLevel<L extends 'campaign' | 'adgroup'>(level: L) {
  const dtos = SMART_DTOS[level];
  return {
    create: single(`tiktok.smart.${level}.create`, dtos.create, (adv, p, rid) => smartCreateCall(level, adv, p.dto, rid), BY_REQUEST_ID),
    update: {
      ...targeting(
        single(`tiktok.smart.${level}.update`, dtos.update, (adv, p) => smartUpdateCall(level, adv, p.id!, p.dto)),
        (p) => (p.id ? [`${level}:${p.id}`] : []),
      ),
      currentBudgets: (caller: PlatformCaller, account: AccountRef, p: { id?: string }) => smartCurrentBudget(caller, account.platformAccountId, level, p.id!),
    },
    status: smartBatchStatus(level),
  };
}

/** Every Smart+ write, by level and what it does. */
export const smartOperations = {
  campaign: smartLevel('campaign'),
  adgroup: smartLevel('adgroup'),
  ad: {
    create: smartAdCreate,
    update: targeting(
      single('tiktok.smart.ad.update', SMART_DTOS.ad.update, (adv, p) => smartUpdateCall('ad', adv, p.id!, p.dto)),
      (p) => (p.id ? [`ad:${p.id}`] : []),
    ),
    status: targeting(
      single('tiktok.smart.ad.status', SMART_DTOS.ad.status, (adv, p) => smartStatusCall('ad', adv, p.dto)),
      (p) => p.dto.ids.map((id) => `ad:${id}`),
    ),
  },
};

export const updateAssetsStatus = targeting(
  single('tiktok.assets.status', UpdateAssetsStatusDto, (adv, p) => statusCall(adv, p.dto)),
  (p) => p.dto.ids.map((id) => `${p.dto.level}:${id}`),
);
export const updateSmartAdMaterialStatus = single('tiktok.smart.ad.material-status', UpdateAutomatedAdMaterialStatusDto, (adv, p) => materialStatusCall(adv, p.dto));
export const appealSmartAd = single('tiktok.smart.ad.appeal', CreateAutomatedAdAppealDto, (adv, p) => appealCall(adv, p.id!, p.dto));

export const tiktokWriteOperations: readonly WriteOperation[] = [
  createAssetsOperation,
  updateAssetsStatus,
  ...SMART_LEVELS.flatMap((level) => [smartOperations[level].create, smartOperations[level].update, smartOperations[level].status]),
  updateSmartAdMaterialStatus,
  appealSmartAd,
];
