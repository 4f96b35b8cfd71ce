import { FormIdParams, ExportLeadsDto, LeadsExportResultDto, LeadsPageDto, LeadsQuery } from '../../../shared/platforms/facebook/dto/leads.dto';
import { formPageToken, leadsCall, withAnswers } from '../../../shared/platforms/facebook/operations/leads';
import { toGatewayList, type GraphList } from '../../../shared/platforms/facebook/operations/graph-call';
import { graphCaller } from '../../../shared/platforms/facebook/operations/caller';
import { exportLeads } from '../../../shared/platforms/facebook/operations/leads-export';
import type { RouteSpec } from '../route';
import { guardedRoute, writeRoute } from '../guarded-route';
import { META_READ, META_WRITE } from './schemas';

const listLeadsRoute = guardedRoute({
  ...META_READ,
  path: '/api/v1/facebook/lead-form/{formId}/leads',
  operationId: 'facebookListLeads',
  summary: "List a lead form's leads",
  message: 'Leads fetched',
  description:
    "The form's leads (`/{form}/leads` with the Page token), newest first, paged with `limit`/`after`. `since` (unix seconds) keeps leads created after it. " +
    'Each lead has `field_data` as Meta returns it and `answers` (question key → first value). The form must belong to a Page the ad account promotes, otherwise 404.',
  params: FormIdParams,
  query: LeadsQuery,
  response: { schema: LeadsPageDto },
  handler: async ({ caller, account, params, query }) => {
    const graph = graphCaller(caller);
    const token = await formPageToken(graph, account.platformAccountId, params.formId, query.pageId);
    const r = await graph.call<GraphList>(leadsCall(params.formId, query), { kind: 'read', token });
    const page = toGatewayList(r);
    return { data: { ...page, data: page.data.map(withAnswers) } };
  },
});

const exportLeadsRoute = writeRoute({
  ...META_WRITE,
  method: 'post',
  path: '/api/v1/facebook/lead-form/{formId}/leads/export',
  operationId: 'facebookExportLeads',
  summary: "Export a lead form's leads",
  message: 'Leads exported',
  description:
    "Job: pages every lead of the form (after `since`, when given) into the job's stored entities, read with `GET /api/v1/jobs/{id}/entities` " +
    '(level `leads:<formId>`). The job reports `{ leads, pages }` as progress and resumes after the last stored page when retried; a lead is stored once however often the export runs. ' +
    'The form must belong to a Page the ad account promotes, otherwise 404.',
  params: FormIdParams,
  body: ExportLeadsDto,
  response: { schema: LeadsExportResultDto },
  op: exportLeads,
  // The form must be on a Page the account promotes.
  toParams: async ({ caller, account, params, body }) => {
    await formPageToken(graphCaller(caller), account.platformAccountId, params.formId, body.pageId);
    return { formId: params.formId, pageId: body.pageId, since: body.since };
  },
});

export const leadsRoutes: RouteSpec[] = [listLeadsRoute, exportLeadsRoute];
