import type { Request } from 'express';
import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import { CreateLeadFormDto, LeadFormListDto, LeadFormListQuery } from '../../../shared/platforms/facebook/dto/lead-form.dto';
import { listLeadFormsCall, pageTokenCall, toLeadFormList } from '../../../shared/platforms/facebook/operations/lead-forms';
import { type GraphList } from '../../../shared/platforms/facebook/operations/graph-call';
import { assertPromotedPage } from '../../../shared/platforms/facebook/operations/leads';
import { defineRoute, type RouteSpec } from '../route';
import { guardedReadRoute } from './read-route-factories';
import { TAGS, WRITE_ERRORS, account, graphFor, guardBody, read, submitWrite } from './support';

const assertPageUsable = (req: Request, pageId: string) => assertPromotedPage(graphFor(req), account(req).platformAccountId, pageId, 'pageId');

const listRoute = guardedReadRoute({
  path: '/api/v1/facebook/lead-form',
  operationId: 'facebookListLeadForms',
  summary: 'Lead forms fetched',
  description:
    "Lead forms of the page (`/{page}/leadgen_forms`, called with the page access token fetched with the user's token). Exactly `{ data: [{ id, name, status, locale, leads_count, created_time }], paging: { cursors: { before, after } } }`.",
  query: LeadFormListQuery,
  response: { schema: LeadFormListDto },
  handler: async ({ req, query }) => {
    await assertPageUsable(req, query.pageId);
    const page = await read<{ access_token?: string }>(req, pageTokenCall(query.pageId));
    if (!page.access_token) throw new AppError('FORBIDDEN', `No page access token for page ${query.pageId}`);
    const r = await graphFor(req).call<GraphList>(listLeadFormsCall(query.pageId, query), { kind: 'read', token: page.access_token });
    return { data: toLeadFormList(r) };
  },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/api/v1/facebook/lead-form',
  operationId: 'facebookCreateLeadForm',
  job: 'write',
  summary: 'Lead form created',
  description: 'Write job: `POST /{pageId}/leadgen_forms` with the page access token (fetched in the worker, never stored).',
  tags: TAGS,
  auth: 'external',
  body: CreateLeadFormDto,
  response: { schema: z.object({ id: z.string() }) },
  errors: WRITE_ERRORS,
  before: guardBody(),
  handler: async ({ deps, auth, req, body }) => {
    await assertPageUsable(req, body.pageId);
    return submitWrite(deps, auth, req, 'facebook.create-lead-form', { form: body }, 'Lead form created');
  },
});

export const leadFormRoutes: RouteSpec[] = [listRoute, createRoute];
