import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import { CreateLeadFormDto, LeadFormListDto, LeadFormListQuery } from '../../../shared/platforms/facebook/dto/lead-form.dto';
import { listLeadFormsCall, pageTokenCall, toLeadFormList } from '../../../shared/platforms/facebook/operations/lead-forms';
import { type GraphList } from '../../../shared/platforms/facebook/operations/graph-call';
import { assertPromotedPage } from '../../../shared/platforms/facebook/operations/leads';
import { graphCaller } from '../../../shared/platforms/facebook/operations/caller';
import { createLeadForm } from '../../../shared/platforms/facebook/operations/write-operations';
import type { RouteSpec } from '../route';
import { guardedRoute, writeRoute, type GuardedContext } from '../guarded-route';
import { read } from './graph-reads';
import { META_READ, META_WRITE } from './schemas';

const assertPageUsable = ({ caller, account }: Pick<GuardedContext, 'account' | 'caller'>, pageId: string) =>
  assertPromotedPage(graphCaller(caller), account.platformAccountId, pageId, 'pageId');

const listRoute = guardedRoute({
  ...META_READ,
  path: '/api/v1/facebook/lead-form',
  operationId: 'facebookListLeadForms',
  summary: 'List lead forms',
  message: 'Lead forms fetched',
  description:
    "Lead forms of the page (`/{page}/leadgen_forms`, called with the page access token fetched with the user's token). Exactly `{ data: [{ id, name, status, locale, leads_count, created_time }], paging: { cursors: { before, after } } }`.",
  query: LeadFormListQuery,
  response: { schema: LeadFormListDto },
  handler: async (ctx) => {
    const { query } = ctx;
    await assertPageUsable(ctx, query.pageId);
    const page = await read<{ access_token?: string }>(ctx, pageTokenCall(query.pageId));
    if (!page.access_token) throw new AppError('FORBIDDEN', `No page access token for page ${query.pageId}`);
    const r = await graphCaller(ctx.caller).call<GraphList>(listLeadFormsCall(query.pageId, query), { kind: 'read', token: page.access_token });
    return { data: toLeadFormList(r) };
  },
});

const createRoute = writeRoute({
  ...META_WRITE,
  method: 'post',
  path: '/api/v1/facebook/lead-form',
  operationId: 'facebookCreateLeadForm',
  summary: 'Create a lead form',
  message: 'Lead form created',
  description: 'Write job: `POST /{pageId}/leadgen_forms` with the page access token (fetched in the worker, never stored).',
  body: CreateLeadFormDto,
  response: { schema: z.object({ id: z.string() }) },
  op: createLeadForm,
  toParams: async (ctx) => {
    await assertPageUsable(ctx, ctx.body.pageId);
    return { form: ctx.body };
  },
});

export const leadFormRoutes: RouteSpec[] = [listRoute, createRoute];
