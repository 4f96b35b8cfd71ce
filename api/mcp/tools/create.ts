import type { AnyZodObject, ZodTypeAny } from 'zod';
import { z } from '../../../shared/infra/zod-openapi';
import { routeOf } from '../route-call';
import { defineTool } from '../tool-kit';
import { CREATE_PLATFORMS, platformMcp } from '../platforms';
import { Confirm, runWriteRoute, WriteToolResult } from '../write-tool';

function fieldsOf(schema: ZodTypeAny | undefined): string[] {
  if (schema instanceof z.ZodEffects) return fieldsOf((schema as z.ZodEffects<ZodTypeAny>).innerType());
  return schema instanceof z.ZodObject ? Object.keys((schema as AnyZodObject).shape).filter((k) => k !== 'adAccountId') : [];
}

const createOf = (p: (typeof CREATE_PLATFORMS)[number]) => platformMcp[p].create!;
const whatList = CREATE_PLATFORMS.map((p) => `${p}: ${createOf(p).what}`).join('; ');
const fieldList = CREATE_PLATFORMS.map((p) => `${p}: ${fieldsOf(routeOf(createOf(p).operationId).body).join(', ')}`).join('; ');

export const createCampaign = defineTool({
  name: 'create_campaign',
  title: 'Create a campaign',
  description:
    `Creates a campaign (${whatList}) that does not deliver until activated, unless \`campaign\` names an active status and the tenant allows it. ` +
    'Without confirm it only previews (a platform that can validate a create does) and returns confirmToken; call again with the same arguments and confirm to create it.',
  input: z
    .object({
      platform: z.enum(CREATE_PLATFORMS),
      adAccountId: z.string().min(1).max(64).describe('An account of list_ad_accounts'),
      campaign: z.object({}).passthrough().describe(`The fields of the platform's REST create route, checked by its schema — ${fieldList}`),
      confirm: Confirm,
    })
    .strict(),
  output: WriteToolResult,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: async (args, call) => {
    const create = createOf(args.platform);
    const campaign = args.campaign as Record<string, unknown>;
    const status = campaign[create.statusKey] === undefined && create.paused ? { [create.statusKey]: create.paused } : {};
    const body = { ...campaign, ...status, adAccountId: args.adAccountId };
    return runWriteRoute(call, 'create_campaign', args, create.operationId, { body });
  },
});
