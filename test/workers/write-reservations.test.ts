import { ACCOUNTS } from '../simulators/facebook';
import { FB_ENV } from '../api/facebook/fixtures';
import { eventually } from '../helpers/eventually';
import { useWorld } from '../world';

/**
 * Write reservations (docs/architecture.md, "Write reservations") as a user sees them, through the
 * real api, workers and Meta simulator: a backlog of writes on one ad account, paced at 1 call/s,
 * waits for its budget on the queue rather than in the worker slots, so a write on another account
 * of the same user is answered at once; the backlog then drains at the account's rate, every create
 * made once. No assertion on how long anything took: the sync create's outcome (200, not 202), the
 * job rows and the simulator's records; the only times read are the simulator's receipt times of A's
 * creates, for their spacing.
 */
jest.setTimeout(120_000);

const A = ACCOUNTS.alice[0];
const B = ACCOUNTS.alice[1]!;
/** A's backlog: one grant every 2 s (1 call/s less the headroom below), about 24 s to drain. */
const BACKLOG = 12;
/**
 * Two write slots, the sync wait well under the backlog's drain time: were A's writes waiting for
 * their budget in the slots, B's job would start only once all but two of them had gone (about
 * 20 s) and its request would answer 202 after the sync wait.
 * TENANT_MAX_ACTIVE_WRITES = the slots: the tenant-share gate can never bounce (and it bounces only
 * while another tenant has work waiting, and this world has one tenant), so only the budget decides.
 * OUTBOUND_RATE_HEADROOM covers what happens between a grant and the request reaching Meta, which
 * for a create includes committing its checkpoint: on a loaded machine that varies by more than the
 * default 5 % of a second, so the simulator's "1 create per second" check gets the most there is (50 %:
 * a second of slack).
 */
const ENV = {
  ...FB_ENV,
  FACEBOOK_ACCOUNT_RPS: '1',
  OUTBOUND_RATE_HEADROOM: '0.5',
  WRITE_WORKER_CONCURRENCY: '2',
  TENANT_MAX_ACTIVE_WRITES: '2',
  WRITE_SYNC_TIMEOUT_MS: '10000',
};

type JobRow = { id: string; state: string; attempts: number; result?: { id?: string }; error?: unknown };
const run = `${Date.now()}`;

describe('a write waiting for its ad account budget does not hold a worker slot', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: ENV }, async (w) => {
    const account = await w.connect('facebook', { adAccountId: `act_${A}` });
    await w.connect('facebook', { adAccountId: B, through: account });
  });

  const body = (adAccountId: string, name: string) => ({ adAccountId, name, special_ad_categories: [], is_adset_budget_sharing_enabled: false });
  const node = (id: string) => w.sim.raw.state.store.get(id)?.data as Record<string, unknown> | undefined;
  const rows = (ids: string[]) => Promise.all(ids.map(async (id) => (await w.call('GET', `/api/v1/jobs/${id}`)).body.data as JobRow));

  it('a sync create on account B answers 200 while A\'s backlog waits; the backlog then completes at 1 create/s, each once', async () => {
    const names = Array.from({ length: BACKLOG }, (_, i) => `Backlog ${run} #${i + 1}`);
    const jobIds: string[] = [];
    for (const name of names) {
      const r = await w.call('POST', '/api/v1/facebook/campaigns/traffic', { headers: { prefer: 'respond-async' }, body: body(`act_${A}`, name) });
      expect(r.status).toBe(202);
      jobIds.push(r.body.data.jobId as string);
    }

    // 1. The sync create on B goes past A's backlog: answered with its campaign, not with a job to poll.
    const bName = `Other account ${run}`;
    const onB = await w.call('POST', '/api/v1/facebook/campaigns/traffic', { body: body(B, bName) });
    const atAnswer = await rows(jobIds);
    expect(onB.status).toBe(200);
    expect(onB.body.data).toEqual({ id: expect.stringMatching(/^\d+$/) });
    expect(node(onB.body.data.id as string)).toMatchObject({ name: bName, account_id: B });
    // Read after the answer, so an upper bound of what had finished when it came: most of A's writes had not.
    const finishedThen = atAnswer.filter((j) => j.state === 'completed' || j.state === 'failed');
    expect(finishedThen.length).toBeLessThan(BACKLOG / 2);

    // 2. The backlog drains: every job completed on its first attempt (a wait on the queue uses none).
    const done = await eventually(
      () => rows(jobIds),
      (js) => js.every((j) => j.state === 'completed' || j.state === 'failed'),
      BACKLOG * 1_000 * 4,
      250,
    );
    expect(done.map((j) => [j.state, j.attempts, j.error])).toEqual(names.map(() => ['completed', 1, undefined]));
    const ids = done.map((j) => j.result?.id ?? '');
    expect(new Set(ids).size).toBe(BACKLOG);
    expect(ids.map((id) => node(id))).toEqual(names.map((name) => expect.objectContaining({ name, account_id: A })));

    // Meta saw each create once, with its own name, and never two on A within a second.
    const creates = (await w.sim.calls(`/act_${A}/campaigns`)).filter((c) => c.method === 'POST');
    expect(creates.map((c) => c.body.name as string).sort()).toEqual([...names].sort());
    const made = [...w.sim.raw.state.store.nodes.values()].filter((n) => names.includes(n.data.name as string));
    expect(made).toHaveLength(BACKLOG);
    const times = creates.map((c) => Date.parse(c.at)).sort((x, y) => x - y);
    const closest = Math.min(...times.slice(1).map((t, i) => t - times[i]!));
    expect(closest).toBeGreaterThanOrEqual(1000);
  });
});
