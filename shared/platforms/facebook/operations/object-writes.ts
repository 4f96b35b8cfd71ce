import { z } from 'zod';
import { AppError } from '../../../errors/app-error';
import { defineWriteOperation, type WriteOperation } from '../../core/write-operation';
import { CreateAdSetDto } from '../dto/adset.dto';
import { UPDATE_FIELDS, type UpdateLevel } from '../dto/update.dto';
import { createAdSetCall, updateObjectCall } from './adsets';
import { act } from './graph-call';
import { accountId, callerOf } from './write-operations';
import { createNamed, NAME_MAX } from './create-lookup';
import { metaBudgets, metaCreateSpend, metaCurrentBudgets } from './spend';


// Exactly-once: lookup — a retry after a crash looks the ad set up on /act_{id}/adsets (filtering by name; same campaign, created since the send) before creating.
export const createAdSet = defineWriteOperation({
  name: 'facebook.create-adset',
  platform: 'facebook',
  kind: 'create',
  exactlyOnce: { lookup: 'the name, campaign_id and created_time in act_{id}/adsets' },
  params: z.object({ adset: CreateAdSetDto }),
  spend: ({ adset }) => metaCreateSpend(adset),
  run: (ctx, { adset }) =>
    createNamed(ctx, 'adset', callerOf(ctx), createAdSetCall(accountId(ctx), adset), { edge: `${act(accountId(ctx))}/adsets`, filtering: true, timeField: 'created_time', same: ['campaign_id'] }, NAME_MAX.object),
});

const LEVELS = Object.keys(UPDATE_FIELDS) as [UpdateLevel, ...UpdateLevel[]];

// Exactly-once: none needed — an update sets absolute values, so running it again after a crash leaves the same object.
export const updateObject = defineWriteOperation({
  name: 'facebook.update-object',
  platform: 'facebook',
  kind: 'update',
  targets: (p) => [p.objectId],
  params: z
    .object({ level: z.enum(LEVELS), objectId: z.string().regex(/^\d+$/), fields: z.record(z.unknown()) })
    .superRefine((p, c) => {
      const r = UPDATE_FIELDS[p.level].strict().safeParse(p.fields);
      if (!r.success) c.addIssue({ code: 'custom', path: ['fields'], message: r.error.issues.map((i) => i.message).join('; ') });
    }),
  spend: (p) => ({ budgets: metaBudgets(p.fields as Record<string, string>) }),
  currentBudgets: (caller, _account, p) => metaCurrentBudgets(caller, p.objectId),
  run: async (ctx, p) => {
    const r = await callerOf(ctx).call<{ success?: boolean }>(updateObjectCall(p.objectId, p.fields));
    if (r?.success === false) throw new AppError('PLATFORM_REJECTED', 'Meta did not apply the update');
    return { success: true, id: p.objectId, updated: Object.keys(p.fields).sort() };
  },
});

export const facebookObjectWriteOperations: readonly WriteOperation[] = [createAdSet, updateObject];
