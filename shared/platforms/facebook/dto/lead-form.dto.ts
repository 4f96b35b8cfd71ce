import { z } from '../../../infra/zod-openapi';
import { AdAccountId, GraphId, accountQuery, pagingQuery } from './common.dto';
import { objectName } from '../../core/create-lookup';

export const QUESTION_TYPES = [
  'CUSTOM', 'CITY', 'COMPANY_NAME', 'COUNTRY', 'DOB', 'EMAIL', 'GENDER', 'FIRST_NAME', 'FULL_NAME', 'JOB_TITLE', 'LAST_NAME',
  'MARITIAL_STATUS', 'PHONE', 'POST_CODE', 'PROVINCE', 'RELATIONSHIP_STATUS', 'STATE', 'STREET_ADDRESS', 'ZIP', 'WORK_EMAIL',
  'MILITARY_STATUS', 'WORK_PHONE_NUMBER', 'DATE_TIME',
] as const;

export const LeadFormListQuery = z
  .object({ ...accountQuery, pageId: GraphId, ...pagingQuery })
  .strict()
  .openapi('LeadFormListQuery');

const Question = z
  .object({
    type: z.enum(QUESTION_TYPES),
    key: z.string().regex(/^[a-z0-9_]{1,50}$/i).optional(),
    label: z.string().max(200).optional(),
    options: z.array(z.object({ key: z.string().max(50), value: z.string().max(200) }).strict()).max(50).optional(),
  })
  .strict()
  .refine((q) => q.type !== 'CUSTOM' || Boolean(q.label), { message: 'CUSTOM questions need a label' });

export const CreateLeadFormDto = z
  .object({
    adAccountId: AdAccountId,
    pageId: GraphId.openapi({ description: 'Page the form belongs to; must be usable by the ad account' }),
    name: objectName(200),
    questions: z.array(Question).min(1).max(30),
    privacy_policy: z.object({ url: z.string().url(), link_text: z.string().max(70).optional() }).strict(),
    follow_up_action_url: z.string().url().optional(),
    locale: z.string().regex(/^[A-Z]{2}_[A-Z]{2}$/).optional().openapi({ example: 'EN_US' }),
    thank_you_page: z.record(z.unknown()).optional(),
    context_card: z.record(z.unknown()).optional(),
    is_optimized_for_quality: z.boolean().optional(),
  })
  .strict()
  .openapi('CreateLeadFormDto');
export type CreateLeadForm = z.infer<typeof CreateLeadFormDto>;

export const LeadFormItemDto = z
  .object({ id: z.string(), name: z.string(), status: z.string(), locale: z.string(), leads_count: z.number(), created_time: z.string() })
  .openapi('LeadFormItemDto');

export const LeadFormListDto = z
  .object({
    data: z.array(LeadFormItemDto),
    paging: z.object({ cursors: z.object({ before: z.string().nullable(), after: z.string().nullable() }) }),
  })
  .openapi('LeadFormListDto');
