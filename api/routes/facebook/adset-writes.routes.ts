import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import { IdParams } from '../../../shared/platforms/facebook/dto/common.dto';
import { CreateAdSetDto } from '../../../shared/platforms/facebook/dto/adset.dto';
import { changedFields, updateBody, type UpdateLevel } from '../../../shared/platforms/facebook/dto/update.dto';
import { detailCall } from '../../../shared/platforms/facebook/operations/reads';
import type { GraphObject } from '../../../shared/platforms/facebook/operations/fields';
import { createAdSet, updateObject } from '../../../shared/platforms/facebook/operations/object-writes';
import type { RouteSpec } from '../route';
import { withArticle } from '../summary-text';
import { writeRoute, type GuardedContext } from '../guarded-route';
import { readOwned } from './graph-reads';
import { META_WRITE } from './schemas';

/** A rule Meta checks on the object as it is (budgets, schedule): a 400 naming the body field, before any job. */
const refused = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `Invalid request body: ${field} ${message}`, { details: [{ path: `body.${field}`, message }] });

const hasBudget = (o: Record<string, unknown>) => Boolean(Number(o.daily_budget ?? 0) || Number(o.lifetime_budget ?? 0));
const budgetField = (b: { daily_budget?: string; lifetime_budget?: string }) => (b.lifetime_budget ? 'lifetime_budget' : 'daily_budget');

/** The campaign's budget decides where an ad set's budget may live (campaign budget = "Advantage+ campaign budget"). */
async function campaignOf(g: Pick<GuardedContext, 'account' | 'caller'>, id: string) {
  return readOwned(g, detailCall(id, 'campaign', 'id,daily_budget,lifetime_budget', ['account_id']), 'Campaign', id);
}

/**
 * Meta refuses an ad set budget under a campaign that has its own budget (subcode 1885621) and an ad
 * set without a budget under a campaign without one (1885034):
 * https://developers.facebook.com/docs/marketing-api/bidding/guides/campaign-budget-optimization/
 */
function checkBudgetHome(campaign: Record<string, unknown>, b: { daily_budget?: string; lifetime_budget?: string }, creating: boolean) {
  const own = Boolean(b.daily_budget || b.lifetime_budget);
  if (hasBudget(campaign) && own) throw refused(budgetField(b), `cannot be set: campaign ${String(campaign.id)} has a campaign budget, so its ad sets have none`);
  if (creating && !hasBudget(campaign) && !own) throw refused('daily_budget', `or lifetime_budget is required: campaign ${String(campaign.id)} has no campaign budget`);
}

const createAdSetRoute = writeRoute({
  ...META_WRITE,
  method: 'post',
  path: '/api/v1/facebook/adsets',
  operationId: 'facebookCreateAdSet',
  summary: 'Create an ad set',
  message: 'Ad set created',
  description:
    'Write job: `POST /act_{id}/adsets` in a campaign of the account. Starts PAUSED unless `status` says otherwise; budgets in minor units. ' +
    "Meta's rules are checked first, each a 400 naming the field: a budget on both the campaign and the ad set (or on neither), a lifetime budget without " +
    '`end_time`, a `billing_event` the `optimization_goal` does not allow, a bid strategy without the `bid_amount` it needs.',
  body: CreateAdSetDto,
  response: { schema: z.object({ id: z.string() }).openapi('FacebookAdSetCreatedDto') },
  op: createAdSet,
  toParams: async (ctx) => {
    checkBudgetHome(await campaignOf(ctx, ctx.body.campaign_id), ctx.body, true);
    return { adset: ctx.body };
  },
});

interface Level {
  level: UpdateLevel;
  segment: string;
  object: GraphObject;
  label: string;
  one: string;
  /** What the checks below read from the object as it is. */
  fields: string;
}

const LEVELS: Level[] = [
  { level: 'campaign', segment: 'campaigns', object: 'campaign', label: 'Campaign', one: 'Campaign', fields: 'id,daily_budget,lifetime_budget,start_time,stop_time' },
  { level: 'adset', segment: 'adsets', object: 'adset', label: 'Ad set', one: 'AdSet', fields: 'id,campaign_id,daily_budget,lifetime_budget,start_time,end_time' },
  { level: 'ad', segment: 'ads', object: 'ad', label: 'Ad', one: 'Ad', fields: 'id' },
];

/**
 * Checks a change against the object as Meta holds it: the budget kind stays what it was after
 * publishing (Meta Business Help Center, "About daily and lifetime budgets",
 * https://www.facebook.com/business/help/214319341922580), a lifetime budget keeps its end time, and
 * the schedule stays in order.
 */
async function checkAgainstCurrent(g: Pick<GuardedContext, 'account' | 'caller'>, l: Level, current: Record<string, unknown>, b: Record<string, string | undefined>) {
  const endKey = l.level === 'campaign' ? 'stop_time' : 'end_time';
  if (b.daily_budget && current.lifetime_budget && Number(current.lifetime_budget) > 0) {
    throw refused('daily_budget', `cannot replace the ${l.label.toLowerCase()}'s lifetime_budget; change lifetime_budget instead`);
  }
  if (b.lifetime_budget && current.daily_budget && Number(current.daily_budget) > 0) {
    throw refused('lifetime_budget', `cannot replace the ${l.label.toLowerCase()}'s daily_budget; change daily_budget instead`);
  }
  const lifetime = b.lifetime_budget ?? (Number(current.lifetime_budget ?? 0) > 0 ? String(current.lifetime_budget) : undefined);
  const end = b[endKey] ?? (current[endKey] as string | undefined);
  if (l.level === 'adset' && lifetime && !end) throw refused(endKey, 'is required with lifetime_budget');
  const start = b.start_time ?? (current.start_time as string | undefined);
  if ((b.start_time || b[endKey]) && start && end && Date.parse(end) <= Date.parse(start)) throw refused(endKey, 'must be after start_time');
  if (l.level === 'adset' && (b.daily_budget || b.lifetime_budget)) checkBudgetHome(await campaignOf(g, String(current.campaign_id)), b, false);
}

function updateRoute(l: Level): RouteSpec {
  return writeRoute({
    ...META_WRITE,
    method: 'patch',
    path: `/api/v1/facebook/${l.segment}/{id}`,
    operationId: `facebookUpdate${l.one}`,
    summary: `Update ${withArticle(l.label.toLowerCase())}`,
    message: `${l.label} updated`,
    description:
      `Write job: \`POST /{id}\` with only the fields given (partial update). The ${l.label.toLowerCase()} must belong to \`adAccountId\`, otherwise 404. ` +
      'Budget changes keep the budget kind the object has; status changes (including ARCHIVED and DELETED) use the `/status` route.',
    params: IdParams,
    body: updateBody(l.level, `Update${l.one}Dto`),
    response: { schema: z.object({ success: z.boolean(), id: z.string(), updated: z.array(z.string()) }).openapi('FacebookObjectUpdatedDto') },
    op: updateObject,
    // The object must be the account's; the change is checked against it as Meta holds it.
    toParams: async (ctx) => {
      const { params, body } = ctx;
      const current = await readOwned(ctx, detailCall(params.id, l.object, l.fields, ['account_id']), l.label, params.id);
      const fields = changedFields(body as Record<string, unknown>);
      const creative = (fields.creative as { creative_id?: string } | undefined)?.creative_id;
      if (creative) await readOwned(ctx, detailCall(creative, 'adcreative', 'id', ['account_id']), 'Creative', creative);
      await checkAgainstCurrent(ctx, l, current, fields as Record<string, string | undefined>);
      return { level: l.level, objectId: params.id, fields };
    },
  });
}

export const adSetWriteRoutes: RouteSpec[] = [createAdSetRoute, ...LEVELS.map(updateRoute)];
