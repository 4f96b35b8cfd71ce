import { z } from '../../../shared/infra/zod-openapi';
import { PLATFORMS } from '../../../shared/platforms';
import { callerOf } from '../../routes/connections/caller';
import { defineTool } from '../tool-kit';

const AdAccountItem = z.object({
  platform: z.enum(PLATFORMS),
  adAccountId: z.string().describe("The platform's own account id: what every other tool's adAccountId takes"),
  name: z.string().nullable(),
  currency: z.string().nullable().describe('ISO 4217'),
  timezone: z.string().nullable().describe('IANA time zone'),
  connectionId: z.string().nullable(),
});

export const listAdAccounts = defineTool({
  name: 'list_ad_accounts',
  title: 'List ad accounts',
  description: "The ad accounts activated for the user this agent acts for, on every platform, with currency and time zone. Other tools reach only these accounts.",
  input: z.object({ platform: z.enum(PLATFORMS).optional().describe('Only this platform') }).strict(),
  output: z.object({ items: z.array(AdAccountItem) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async ({ platform }, { deps, auth, req }) => {
    const connections = await deps.services.connections.list(req.ctx.em, callerOf(auth), platform);
    const seen = new Set<string>();
    const items = connections.flatMap((c) =>
      c.adAccounts
        .filter((a) => a.status === 'active' && !seen.has(`${c.platform}:${a.adAccountId}`) && seen.add(`${c.platform}:${a.adAccountId}`))
        .map((a) => ({ platform: c.platform as (typeof PLATFORMS)[number], adAccountId: a.adAccountId, name: a.name, currency: a.currency, timezone: a.timezone, connectionId: a.connectionId })),
    );
    return { data: { items }, summary: `${items.length} activated ad account${items.length === 1 ? '' : 's'}` };
  },
});
