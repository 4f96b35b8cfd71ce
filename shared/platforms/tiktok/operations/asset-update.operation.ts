import { z } from 'zod';
import { defineWriteOperation } from '../../core/write-operation';
import { UpdateAssetDto } from './asset-update.dto';
import { updateCall } from './asset-update';
import { ASSET_LEVELS } from './levels';
import { callTiktok } from './runtime';
import { tiktokCurrentBudget, tiktokSpend } from './spend';

// Exactly-once: none needed — campaign/update, adgroup/update and ad/update (patch_update) set absolute values, so a replay after a crash changes nothing more.
export const updateAssetOperation = defineWriteOperation({
  name: 'tiktok.assets.update',
  platform: 'tiktok',
  kind: 'update',
  targets: (p) => [`${p.level}:${p.id}`],
  params: z.object({ level: z.enum(ASSET_LEVELS), id: z.string().regex(/^\d{1,24}$/), adgroupId: z.string().regex(/^\d{1,24}$/).optional(), fields: UpdateAssetDto.innerType().omit({ adAccountId: true }).strict() }),
  spend: (p) => tiktokSpend('update', p.fields as Record<string, unknown>),
  // The update checks the new budget against the object's current one before it is sent.
  readsCurrentBudgets: true,
  currentBudgets: (caller, account, p) => tiktokCurrentBudget(caller, account.platformAccountId, p.level, p.id),
  run: (ctx, p) => callTiktok(ctx.caller, updateCall(p.level, ctx.account.platformAccountId, p.id, p.fields, p.adgroupId)),
});
