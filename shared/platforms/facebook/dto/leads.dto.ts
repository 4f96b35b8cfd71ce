import { z } from '../../../infra/zod-openapi';
import { AdAccountId, GraphId, credentialQuery } from './common.dto';

export const FormIdParams = z.object({ formId: GraphId });

const pageId = GraphId.optional().openapi({ description: "The form's Page, when known (saves looking through every Page the account promotes); must be one the account promotes" });
const since = z.coerce
  .number()
  .int()
  .min(0)
  .max(4_102_444_800)
  .optional()
  .openapi({ description: 'Unix seconds: only leads created after this time', example: 1767225600 });

export const LeadsQuery = z
  .object({
    adAccountId: AdAccountId,
    ...credentialQuery,
    pageId,
    limit: z.coerce.number().int().min(1).max(100).optional().openapi({ description: 'Page size (Graph default 25)' }),
    after: z.string().max(512).optional().openapi({ description: 'Cursor from paging.cursors.after' }),
    since,
  })
  .strict()
  .openapi('FacebookLeadsQuery');

export const ExportLeadsDto = z.object({ adAccountId: AdAccountId, pageId, since }).strict().openapi('FacebookExportLeadsDto');

export const LeadDto = z
  .object({
    id: z.string(),
    created_time: z.string(),
    form_id: z.string().optional(),
    ad_id: z.string().optional(),
    adset_id: z.string().optional(),
    campaign_id: z.string().optional(),
    is_organic: z.boolean().optional(),
    platform: z.string().optional(),
    field_data: z.array(z.object({ name: z.string(), values: z.array(z.string()) })).openapi({ description: 'As Meta returns it' }),
    answers: z.record(z.string().nullable()).openapi({ description: 'Question key → first value', example: { email: 'a@example.com', full_name: 'Ann' } }),
  })
  .openapi('FacebookLeadDto');

export const LeadsPageDto = z
  .object({
    data: z.array(LeadDto),
    paging: z.object({
      cursors: z.object({ before: z.string().nullable(), after: z.string().nullable() }),
      hasNext: z.boolean(),
      hasPrevious: z.boolean(),
    }),
  })
  .openapi('FacebookLeadsPageDto');

export const LeadsExportResultDto = z
  .object({ formId: z.string(), leads: z.number().int(), pages: z.number().int(), entitiesUrl: z.string() })
  .openapi('FacebookLeadsExportResultDto');
