import type { ZodRawShape, ZodTypeAny } from 'zod';
import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import { PLATFORMS, type Platform } from '../../../shared/platforms';
import { routeOf } from '../route-call';
import type { BudgetLevel } from '../platform-mcp';
import { ownLevelNames, platformMcp } from '../platforms';
import { shapeOf } from '../route-tool';
import { defineTool } from '../tool-kit';
import { Confirm, runWriteRoute, WriteToolResult } from '../write-tool';

const LEVELS = ['campaign', 'adset'] as const satisfies readonly BudgetLevel[];
const targetOf = (p: Platform) => platformMcp[p].budget;

/** Each platform's budget fields as its route's body schema states them, optional here (the route decides what is required). */
function budgetFields(): ZodRawShape {
  const shape: ZodRawShape = {};
  for (const p of PLATFORMS) {
    const t = targetOf(p);
    const body = Object.assign({}, ...Object.values(t.routes).map((id) => shapeOf(routeOf(id).body))) as ZodRawShape;
    for (const f of t.fields) {
      const field = body[f] as ZodTypeAny | undefined;
      if (!field) throw new Error(`${p}'s budget route has no ${f}`);
      shape[f] = field.optional().describe(`${p}: ${t.unit}`);
    }
  }
  return shape;
}

const fieldNames = PLATFORMS.map((p) => `${p}: ${targetOf(p).fields.join(' or ')} (${Object.keys(targetOf(p).routes).join(', ')})`).join('; ');

export const updateBudget = defineTool({
  name: 'update_budget',
  title: 'Change a budget',
  description:
    `Sets the budget of a campaign or ad set (${ownLevelNames(LEVELS)}), with the platform's own budget fields, at the levels it has them — ${fieldNames}. ` +
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
    const target = targetOf(args.platform);
    const operationId = target.routes[args.level];
    const given = Object.entries(args as Record<string, unknown>).filter(([k, v]) => v !== undefined && PLATFORMS.some((p) => targetOf(p).fields.includes(k)));
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
