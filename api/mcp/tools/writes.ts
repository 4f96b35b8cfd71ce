import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import { PLATFORMS } from '../../../shared/platforms';
import { defineTool } from '../tool-kit';
import { ownLevelNames, platformMcp } from '../platforms';
import { bodyEnum, Confirm, runWriteRoute, WriteToolResult } from '../write-tool';

const LEVELS = ['campaign', 'adset', 'ad'] as const;

/** Each platform's status values, from the body schema of its first status route. */
const statusValues = PLATFORMS.map((p) => `${p}: ${bodyEnum(Object.values(platformMcp[p].status)[0]!.operationId, 'status').join(', ')}`).join('; ');

export const updateStatus = defineTool({
  name: 'update_status',
  title: 'Change a status',
  description:
    `Pauses, activates, archives or deletes a campaign, ad set or ad (${ownLevelNames(LEVELS)}), with the platform's own status values. ` +
    'Without confirm it only previews the change and returns confirmToken; call again with the same arguments and confirm to make it. The tenant\'s guardrails apply.',
  input: z
    .object({
      platform: z.enum(PLATFORMS),
      adAccountId: z.string().min(1).max(64).describe('An account of list_ad_accounts'),
      level: z.enum(LEVELS).default('campaign'),
      id: z.string().min(1).max(64).describe("The object's platform id"),
      status: z.string().min(1).max(40).describe(`The platform's own value — ${statusValues}`),
      confirm: Confirm,
    })
    .strict(),
  output: WriteToolResult,
  // Deleting or removing is final; setting a status twice changes nothing more.
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  run: async (args, call) => {
    const routes = platformMcp[args.platform].status;
    const target = routes[args.level];
    if (!target) {
      throw new AppError('VALIDATION_FAILED', `${args.platform} has no status change for level ${args.level}`, {
        details: [{ path: 'level', message: `one of ${Object.keys(routes).join(', ')} on ${args.platform}` }],
      });
    }
    return runWriteRoute(call, 'update_status', args, target.operationId, target.input(args));
  },
});
