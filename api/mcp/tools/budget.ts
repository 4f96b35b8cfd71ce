import type { ZodRawShape, ZodTypeAny } from 'zod';
import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import { PLATFORMS, type Platform } from '../../../shared/platforms';
import type { RouteInput } from '../route-call';
import { routeOf } from '../route-call';
import { shapeOf } from '../route-tool';
import { defineTool } from '../tool-kit';
import { Confirm, runWriteRoute, WriteToolResult } from '../write-tool';

const LEVELS = ['campaign', 'adset'] as const;
type Level = (typeof LEVELS)[number];

/** One platform's budget route for a level, the budget fields of its body, and where the object's id goes. */
interface BudgetTarget {
  routes: Partial<Record<Level, string>>;
  fields: readonly string[];
  /** What each field is, for the tool's description of it. */
  unit: string;
  input: (a: { adAccountId: string; level: Level; id: string }, fields: Record<string, unknown>) => RouteInput;
}

const byPathId =
  (param: string): BudgetTarget['input'] =>
  ({ adAccountId, id }, fields) => ({ params: { [param]: id }, body: { adAccountId, ...fields } });

/**
 * The REST budget route of each platform and level (LinkedIn's campaign groups are its campaigns and
 * its campaigns its ad sets, as in the unified report). The fields are the routes' own.
 */
const TARGETS: Record<Platform, BudgetTarget> = {
  facebook: {
    routes: { campaign: 'facebookUpdateCampaign', adset: 'facebookUpdateAdSet' },
    fields: ['daily_budget', 'lifetime_budget'],
    unit: "Meta: in the currency's minor unit (cents)",
    input: byPathId('id'),
  },
  google: { routes: { campaign: 'googleSetCampaignBudget' }, fields: ['amount', 'amountMicros'], unit: 'Google Ads: the daily amount, in currency units or micros', input: byPathId('campaignId') },
  tiktok: {
    routes: { campaign: 'updateTiktokAsset', adset: 'updateTiktokAsset' },
    fields: ['budget'],
    unit: "TikTok: in currency units; the object's budget mode (daily or total) stays",
    input: ({ adAccountId, level, id }, fields) => ({ params: { level: level === 'adset' ? 'adgroup' : 'campaign', id }, body: { adAccountId, ...fields } }),
  },
  linkedin: {
    routes: { campaign: 'updateLinkedinCampaignGroupBudget', adset: 'updateLinkedinCampaignBudget' },
    fields: ['dailyBudget', 'totalBudget'],
    unit: 'LinkedIn: {amount, currencyCode} in the account currency; a campaign group has totalBudget only',
    input: byPathId('id'),
  },
};

/** Each platform's budget fields as its route's body schema states them, optional here (the route decides what is required). */
function budgetFields(): ZodRawShape {
  const shape: ZodRawShape = {};
  for (const p of PLATFORMS) {
    const t = TARGETS[p];
    const body = Object.assign({}, ...Object.values(t.routes).map((id) => shapeOf(routeOf(id).body))) as ZodRawShape;
    for (const f of t.fields) {
      const field = body[f] as ZodTypeAny | undefined;
      if (!field) throw new Error(`${p}'s budget route has no ${f}`);
      shape[f] = field.optional().describe(`${t.unit}`);
    }
  }
  return shape;
}

const fieldNames = PLATFORMS.map((p) => `${p}: ${TARGETS[p].fields.join(' or ')}`).join('; ');

export const updateBudget = defineTool({
  name: 'update_budget',
  title: 'Change a budget',
  description:
    `Sets the budget of a campaign or ad set (Google Ads: a campaign's daily budget; LinkedIn: a campaign group's total or a campaign's daily and total budget), with the platform's own budget fields — ${fieldNames}. ` +
    "Without confirm it only previews the change (with the current amount) and returns confirmToken; call again with the same arguments and confirm to make it. The tenant's budget guardrails apply.",
  input: z
    .object({
      platform: z.enum(PLATFORMS),
      adAccountId: z.string().min(1).max(64).describe('An account of list_ad_accounts'),
      level: z.enum(LEVELS).default('campaign'),
      id: z.string().min(1).max(64).describe("The campaign's or ad set's platform id"),
      ...budgetFields(),
      confirm: Confirm,
    })
    .strict(),
  output: WriteToolResult,
  // Sets an amount: the same call twice changes nothing more, and the old amount can be set back.
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  run: async (args, call) => {
    const target = TARGETS[args.platform];
    const operationId = target.routes[args.level];
    const given = Object.entries(args as Record<string, unknown>).filter(([k, v]) => v !== undefined && Object.values(TARGETS).some((t) => t.fields.includes(k)));
    const foreign = given.filter(([k]) => !target.fields.includes(k));
    if (!operationId || foreign.length || !given.length) {
      const details = !operationId
        ? [{ path: 'level', message: `one of ${Object.keys(target.routes).join(', ')} on ${args.platform}` }]
        : foreign.length
          ? foreign.map(([k]) => ({ path: k, message: `not a budget field on ${args.platform} (${target.fields.join(', ')})` }))
          : [{ path: target.fields[0]!, message: `give ${target.fields.join(' or ')}` }];
      throw new AppError('VALIDATION_FAILED', `Invalid budget change for ${args.platform}`, { details });
    }
    return runWriteRoute(call, 'update_budget', args, operationId, target.input(args, Object.fromEntries(given)));
  },
});
