/**
 * The Google simulator seeds a handful of accounts per user; the GAQL fan-out scenario needs one user
 * with 50. Rather than widen the simulator's seed for a benchmark-only need, the bench's simulator
 * child adds them to the `bench` user through the simulator's own state API.
 */
import { addCampaign, emptyAccount, type GoogleState } from '../../test/simulators/google/state';

export const FANOUT_FIRST_ID = 9_100_000_001;

export function fanoutAccountIds(n: number): string[] {
  return Array.from({ length: n }, (_, i) => String(FANOUT_FIRST_ID + i));
}

export function addFanoutAccounts(state: GoogleState, n: number): void {
  const ids = fanoutAccountIds(n);
  let campaignId = 71_000_000_000;
  for (const id of ids) {
    const acct = emptyAccount(id);
    for (let i = 0; i < 5; i++) {
      addCampaign(acct, {
        id: String(campaignId++),
        customerId: id,
        name: `Fan-out ${i + 1}`,
        status: i % 3 === 2 ? 'PAUSED' : 'ENABLED',
        advertisingChannelType: 'SEARCH',
        biddingStrategyType: 'MANUAL_CPC',
        budgetId: String(campaignId + 500_000_000),
        startDate: '2026-01-01',
        // No metric history: the scenario measures fan-out, not metric synthesis.
        metricsFrom: Number.POSITIVE_INFINITY,
      });
    }
    state.addCustomer(
      {
        id,
        descriptiveName: `Bench Fan-out ${id}`,
        currencyCode: 'USD',
        timeZone: 'UTC',
        manager: false,
        testAccount: false,
        status: 'ENABLED',
        autoTaggingEnabled: true,
        hidden: false,
        clientIds: [],
      },
      acct,
    );
  }
  const bench = state.users.get('bench') ?? { name: 'bench', email: 'bench@example.com', customerIds: [] };
  bench.customerIds.push(...ids);
  state.users.set('bench', bench);
}
