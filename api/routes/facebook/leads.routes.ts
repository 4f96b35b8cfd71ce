import { FormIdParams, ExportLeadsDto, LeadsExportResultDto, LeadsPageDto, LeadsQuery } from '../../../shared/platforms/facebook/dto/leads.dto';
import { formPageToken, leadsCall, withAnswers } from '../../../shared/platforms/facebook/operations/leads';
import { toGatewayList, type GraphList } from '../../../shared/platforms/facebook/operations/graph-call';
import { defineRoute, type RouteSpec } from '../route';
import { guardedReadRoute } from './read-route-factories';
import { TAGS, WRITE_ERRORS, account, graphFor, guardBody, submitWrite } from './support';

const listLeadsRoute = guardedReadRoute({
  path: '/api/v1/facebook/lead-form/{formId}/leads',
  operationId: 'facebookListLeads',
  summary: 'Leads fetched',
  description:
    "The form's leads (`/{form}/leads` with the Page token), newest first, paged with `limit`/`after`. `since` (unix seconds) keeps leads created after it. " +
    'Each lead has `field_data` as Meta returns it and `answers` (question key → first value). The form must belong to a Page the ad account promotes, otherwise 404.',
  params: FormIdParams,
  query: LeadsQuery,
  response: { schema: LeadsPageDto },
  handler: async ({ req, params, query }) => {
    const graph = graphFor(req);
    const token = await formPageToken(graph, account(req).platformAccountId, params.formId, query.pageId);
    const r = await graph.call<GraphList>(leadsCall(params.formId, query), { kind: 'read', token });
    const page = toGatewayList(r);
    return { data: { ...page, data: page.data.map(withAnswers) } };
  },
});

const exportLeadsRoute = defineRoute({
  method: 'post',
  path: '/api/v1/facebook/lead-form/{formId}/leads/export',
  operationId: 'facebookExportLeads',
  job: 'write',
  summary: 'Leads exported',
  description:
    "Job: pages every lead of the form (after `since`, when given) into the job's stored entities, read with `GET /api/v1/jobs/{id}/entities` " +
    '(level `leads:<formId>`). The job reports `{ leads, pages }` as progress and resumes after the last stored page when retried; a lead is stored once however often the export runs. ' +
    'The form must belong to a Page the ad account promotes, otherwise 404.',
  tags: TAGS,
  auth: 'external',
  params: FormIdParams,
  body: ExportLeadsDto,
  response: { schema: LeadsExportResultDto },
  errors: WRITE_ERRORS,
  before: guardBody(),
  handler: async ({ deps, auth, req, params, body }) => {
    await formPageToken(graphFor(req), account(req).platformAccountId, params.formId, body.pageId);
    return submitWrite(deps, auth, req, 'facebook.export-leads', { formId: params.formId, pageId: body.pageId, since: body.since }, 'Leads exported');
  },
});

export const leadsRoutes: RouteSpec[] = [listLeadsRoute, exportLeadsRoute];
