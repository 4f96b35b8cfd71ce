import { Client } from 'pg';
import { eventually } from '../../helpers/eventually';
import { http, useWorld } from '../../world';
import { FB_ENV } from '../facebook/fixtures';
import { uniq } from '../tiktok/fixtures';
import { setGuardrails } from './support';
import { FB } from './write-requests';

/*
 * The tenant's guardrails are held in each app instance's memory: a write does not read them (nor
 * the account's currency, which the guard's snapshot holds) from the database, and a change made
 * through PATCH /api/v1/tenant on one instance reaches the next write on every other instance.
 */
const w = useWorld({ platform: 'facebook', env: FB_ENV }, async (w) => {
  await w.connect('facebook', { adAccountId: `act_${FB}` });
});
beforeEach(() => setGuardrails(w, null));

const campaign = (daily_budget: number) => ({ adAccountId: FB, name: uniq('Cached guardrails'), special_ad_categories: [], daily_budget });
const CREATE = '/api/v1/facebook/campaigns/traffic';

/** Every SQL statement this process sends while `fn` runs (the app runs in process). */
async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    seen.push(typeof q === 'string' ? q : String((q as { text?: string } | undefined)?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return seen;
}

it('a write reads neither the tenant settings nor the account once they are cached; the job row is still written', async () => {
  const asyncWrite = () => w.call('POST', CREATE, { body: campaign(1500), as: { ...w.user.headers, prefer: 'respond-async' } });
  expect((await asyncWrite()).status).toBe(202);
  let answer: Awaited<ReturnType<typeof asyncWrite>> | undefined;
  const statements = await statementsDuring(async () => (answer = await asyncWrite()));
  expect(answer?.status).toBe(202);
  expect(statements.filter((s) => /\bfrom\s+"?(tenants|ad_accounts)"?\b/i.test(s))).toEqual([]);
  expect(statements.some((s) => /insert\s+into\s+"?jobs"?/i.test(s))).toBe(true);
});

it('guardrails changed through PATCH /api/v1/tenant apply to the next write on another instance', async () => {
  const replica = await w.replica();
  const dryRunOnReplica = async (budget: number) => {
    const r = await http(replica.url, 'POST', `${CREATE}?dryRun=true`, { headers: w.user.headers, body: campaign(budget) });
    return { status: r.status, code: r.body.error?.code as string | undefined };
  };
  // The replica has read (and keeps) "no guardrails".
  expect(await dryRunOnReplica(2500)).toEqual({ status: 200, code: undefined });

  await setGuardrails(w, { maxDailyBudget: { USD: '20' } });
  const refused = await eventually(() => dryRunOnReplica(2500), (r) => r.status === 422, 10_000);
  expect(refused).toEqual({ status: 422, code: 'GUARDRAIL_EXCEEDED' });
  const real = await http(replica.url, 'POST', CREATE, { headers: w.user.headers, body: campaign(2500) });
  expect({ status: real.status, code: real.body.error?.code, details: real.body.error?.details }).toEqual({
    status: 422,
    code: 'GUARDRAIL_EXCEEDED',
    details: [{ rule: 'maxDailyBudget', field: 'daily_budget', limit: '20 USD', value: '25 USD' }],
  });

  await setGuardrails(w, null);
  expect(await eventually(() => dryRunOnReplica(2500), (r) => r.status === 200, 10_000)).toEqual({ status: 200, code: undefined });
});
