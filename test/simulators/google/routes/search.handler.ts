/** googleAds:search and googleAds:searchStream (docs/platforms/google.md §4). */
import type { Request, Response } from 'express';
import type { SimContext } from '../context';
import { requestErr } from '../errors';
import { todayIn } from '../dates';
import { fieldMask, project, summary, type Row, type Source } from '../gaql/execute';
import { searchPage, streamRows } from '../gaql/engine';
import { parseGaql } from '../gaql/parser';
import { planQuery, type Plan } from '../gaql/plan';
import type { Customer, SimUser } from '../state';
import { authorizeCustomer, checkBodyFields } from './access';

const planCache = new Map<string, Plan>();

interface Prepared {
  plan: Plan;
  src: Source;
  key: string;
}

function prepare(ctx: SimContext, customer: Customer, query: unknown, version: number): Prepared {
  if (typeof query !== 'string' || !query.trim()) {
    throw requestErr('REQUIRED_FIELD_MISSING', 'The query field is required.');
  }
  const today = todayIn(customer.timeZone);
  // Plans are immutable: cache them so hot benchmark loops skip parsing (bounded LRU-ish map).
  const cacheKey = `${customer.id}|${version}|${today}|${query}`;
  let plan = planCache.get(cacheKey);
  if (!plan) {
    plan = planQuery(parseGaql(query), version, customer, today);
    planCache.set(cacheKey, plan);
    if (planCache.size > 500) planCache.delete(planCache.keys().next().value!);
  }
  const src: Source = { state: ctx.state, acct: ctx.state.account(customer.id), customer, seed: ctx.settings.seed };
  return { plan, src, key: `${version}|${query}` };
}

export function search(ctx: SimContext, req: Request, res: Response, user: SimUser, version: number, customerId: string) {
  const body = checkBodyFields(req.body, ['query', 'pageToken', 'pageSize', 'validateOnly', 'searchSettings', 'customerId']);
  const settings = (body.searchSettings ?? {}) as Record<string, unknown>;
  const pageToken = typeof body.pageToken === 'string' && body.pageToken ? body.pageToken : undefined;
  const customer = authorizeCustomer(ctx, req, user, customerId, pageToken ? 0 : 1);
  if (body.pageSize !== undefined) throw requestErr('PAGE_SIZE_NOT_SUPPORTED', 'Page size is not supported; pages are fixed at 10,000 rows.');
  if (body.validateOnly && pageToken) throw requestErr('VALIDATE_ONLY_REQUEST_HAS_PAGE_TOKEN', 'A validate-only request cannot have a page token.');
  const { plan, src, key } = prepare(ctx, customer, body.query, version);
  const returnSummary = settings.returnSummaryRow === true;
  if (returnSummary && !plan.select.some((d) => d.resource === 'metrics')) {
    throw requestErr('CANNOT_RETURN_SUMMARY_ROW_FOR_REQUEST_WITHOUT_METRICS', 'Summary row is only available when metrics are selected.');
  }
  const mask = fieldMask(plan);
  if (body.validateOnly) return res.json({ fieldMask: mask });
  const page = searchPage(plan, src, {
    pageToken,
    pageSize: ctx.settings.searchPageSize,
    returnTotal: settings.returnTotalResultsCount === true,
    returnSummary,
    key,
  });
  // proto3 JSON drops empty repeated fields, empty strings and zero int64s.
  const out: Record<string, unknown> = {};
  if (page.results.length && settings.omitResults !== true) out.results = page.results;
  if (page.nextPageToken) out.nextPageToken = page.nextPageToken;
  if (page.totalResultsCount) out.totalResultsCount = String(page.totalResultsCount);
  out.fieldMask = mask;
  if (page.summaryRow) out.summaryRow = page.summaryRow;
  out.queryResourceConsumption = String(Math.max(1, page.scanned));
  return res.json(out);
}

export function searchStream(ctx: SimContext, req: Request, res: Response, user: SimUser, version: number, customerId: string, requestId: string) {
  const body = checkBodyFields(req.body, ['query', 'summaryRowSetting', 'customerId']);
  const customer = authorizeCustomer(ctx, req, user, customerId);
  const setting = (body.summaryRowSetting as string | undefined) ?? 'NO_SUMMARY_ROW';
  if (!['NO_SUMMARY_ROW', 'SUMMARY_ROW_WITH_RESULTS', 'SUMMARY_ROW_ONLY', 'UNSPECIFIED'].includes(setting)) {
    throw requestErr('INVALID_ENUM_VALUE', `Invalid value for summaryRowSetting: ${setting}.`);
  }
  const { plan, src, key } = prepare(ctx, customer, body.query, version);
  const wantSummary = setting === 'SUMMARY_ROW_WITH_RESULTS' || setting === 'SUMMARY_ROW_ONLY';
  if (wantSummary && !plan.select.some((d) => d.resource === 'metrics')) {
    throw requestErr('CANNOT_RETURN_SUMMARY_ROW_FOR_REQUEST_WITHOUT_METRICS', 'Summary row is only available when metrics are selected.');
  }
  const mask = fieldMask(plan);
  const size = ctx.settings.streamBatchSize;
  res.status(200).type('application/json');
  res.write('[');
  let first = true;
  const writeBatch = (b: Record<string, unknown>) => {
    res.write((first ? '' : ',') + JSON.stringify(b));
    first = false;
  };
  const kept: Row[] = [];
  // One full batch is held back so the final results batch can carry queryResourceConsumption.
  let pending: Record<string, unknown>[] | undefined;
  let batch: Record<string, unknown>[] = [];
  let count = 0;
  for (const row of streamRows(plan, src, key)) {
    if (wantSummary) kept.push(row);
    if (setting === 'SUMMARY_ROW_ONLY') continue;
    batch.push(project(plan, row));
    count++;
    if (batch.length >= size) {
      if (pending) writeBatch({ results: pending, fieldMask: mask, requestId });
      pending = batch;
      batch = [];
    }
  }
  if (pending && batch.length) writeBatch({ results: pending, fieldMask: mask, requestId });
  const lastRows = batch.length ? batch : pending;
  // ASSUMED: an empty result is one batch without results (docs/platforms/google.md §4: tolerate both).
  const last: Record<string, unknown> = {};
  if (lastRows?.length) last.results = lastRows;
  last.fieldMask = mask;
  last.requestId = requestId;
  last.queryResourceConsumption = String(Math.max(1, count));
  writeBatch(last);
  if (wantSummary) writeBatch({ summaryRow: summary(plan, kept), fieldMask: mask, requestId });
  res.end(']');
}
