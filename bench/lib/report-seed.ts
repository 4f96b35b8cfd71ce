/**
 * The report scenario needs one user with 50 accounts across the four platforms, each with metric
 * history. The simulators seed a handful per user, so the bench's simulator child adds the rest to
 * one simulator user per platform, before it listens, with each simulator's own seeding (the same
 * shapes, statuses and deterministic metrics its seeded accounts have): 13 Meta, 12 TikTok, 13
 * Google and 12 LinkedIn accounts, five campaigns (LinkedIn: campaign groups) each.
 */
import { rng } from '../../test/simulators/common/sim-kit';
import type { FacebookState } from '../../test/simulators/facebook/state';
import { addAccountObject, fbTime } from '../../test/simulators/facebook/model/ad-objects';
import { listKey } from '../../test/simulators/facebook/model/store';
import type { TiktokState } from '../../test/simulators/tiktok/state';
import type { LinkedinState } from '../../test/simulators/linkedin/state';
import { addCampaign, emptyAccount, type GoogleState } from '../../test/simulators/google/state';

/** How many accounts each platform adds, and the simulator user that owns them. */
export const REPORT_ACCOUNTS = {
  facebook: { user: 'carol', ids: Array.from({ length: 13 }, (_, i) => `1000000000005${String(i).padStart(2, '0')}`) },
  tiktok: { user: 'bench', ids: Array.from({ length: 12 }, (_, i) => `700000000010000${String(i).padStart(4, '0')}`) },
  google: { user: 'bench', ids: Array.from({ length: 13 }, (_, i) => String(9_200_000_001 + i)) },
  linkedin: { user: 'bench', ids: Array.from({ length: 12 }, (_, i) => String(508_100_001 + i)) },
} as const;

const CAMPAIGNS = 5;
const DAY = 86_400_000;

export function addFacebookReportAccounts(state: FacebookState): void {
  const { store } = state;
  const user = store.users.get(REPORT_ACCOUNTS.facebook.user)!;
  // Seeded objects have delivery (insights rows); they must be added before any API write.
  store.seeding = true;
  const created = Date.UTC(2025, 0, 1);
  for (const acct of REPORT_ACCOUNTS.facebook.ids) {
    user.accounts.add(acct);
    store.add(
      'adaccount',
      `act_${acct}`,
      {
        account_id: acct,
        name: `Bench report ${acct.slice(-2)}`,
        owner: user.id,
        created_time: fbTime(created),
        age: 300,
        account_status: 1,
        disable_reason: 0,
        user_tasks: ['MANAGE', 'ADVERTISE', 'ANALYZE', 'DRAFT'],
        capabilities: [],
        currency: 'USD',
        timezone_id: 1,
        timezone_name: 'America/Los_Angeles',
        timezone_offset_hours_utc: -7,
        amount_spent: '100000',
        balance: '0',
        spend_cap: '0',
        min_daily_budget: 100,
        is_prepay_account: false,
      },
      { acct },
      [listKey.node(user.id, 'adaccounts')],
    );
    for (let c = 0; c < CAMPAIGNS; c++) {
      addAccountObject(state, 'campaign', acct, {
        name: `Report ${c + 1}`,
        objective: 'OUTCOME_TRAFFIC',
        status: 'ACTIVE',
        buying_type: 'AUCTION',
        bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
        special_ad_categories: [],
        daily_budget: '5000',
        start_time: fbTime(created + c * DAY),
        created_time: fbTime(created + c * DAY),
        updated_time: fbTime(created + c * DAY),
      });
    }
  }
  store.seeding = false;
}

/** TikTok's and LinkedIn's account seeding is internal to their state classes: called as their constructors call it. */
interface TiktokSeeding {
  addAdvertiser(a: { id: string; name: string; company: string; currency: string; timezone: string; country: string; status: string }, owner: string, r: () => number): void;
  seedObjects(adv: string, n: number, r: () => number): void;
}

export function addTiktokReportAccounts(state: TiktokState): void {
  const seeding = state as unknown as TiktokSeeding;
  const r = rng(7);
  for (const id of REPORT_ACCOUNTS.tiktok.ids) {
    seeding.addAdvertiser({ id, name: `Bench report ${id.slice(-2)}`, company: 'Bench Corp', currency: 'USD', timezone: 'America/New_York', country: 'US', status: 'STATUS_ENABLE' }, REPORT_ACCOUNTS.tiktok.user, r);
    seeding.seedObjects(id, CAMPAIGNS, r);
  }
}

export function addGoogleReportAccounts(state: GoogleState): void {
  let campaignId = 72_000_000_000;
  for (const id of REPORT_ACCOUNTS.google.ids) {
    const acct = emptyAccount(id);
    for (let i = 0; i < CAMPAIGNS; i++) {
      addCampaign(acct, {
        id: String(campaignId++),
        customerId: id,
        name: `Report ${i + 1}`,
        status: 'ENABLED',
        advertisingChannelType: 'SEARCH',
        biddingStrategyType: 'MANUAL_CPC',
        budgetId: String(campaignId + 500_000_000),
        startDate: '2025-01-01',
        // Day 0: metrics over the simulator's whole history window.
        metricsFrom: 0,
      });
    }
    state.addCustomer(
      { id, descriptiveName: `Bench report ${id.slice(-2)}`, currencyCode: 'USD', timeZone: 'America/New_York', manager: false, testAccount: false, status: 'ENABLED', autoTaggingEnabled: true, hidden: false, clientIds: [] },
      acct,
    );
  }
  const bench = state.users.get('bench') ?? { name: 'bench', email: 'bench@example.com', customerIds: [] };
  bench.customerIds.push(...REPORT_ACCOUNTS.google.ids);
  state.users.set('bench', bench);
}

interface LinkedinSeeding {
  addMember(name: string): void;
  addAccount(a: LinkedinSeedAccount, r: () => number): void;
  seedObjects(a: LinkedinSeedAccount, r: () => number): void;
}
interface LinkedinSeedAccount {
  id: number;
  name: string;
  currency: string;
  members: [string, 'ACCOUNT_MANAGER'][];
  groups: number;
  campaignsPerGroup: number;
}

export function addLinkedinReportAccounts(state: LinkedinState): void {
  const seeding = state as unknown as LinkedinSeeding;
  const user = REPORT_ACCOUNTS.linkedin.user;
  if (!state.member(user)) seeding.addMember(user);
  const r = rng(11);
  for (const id of REPORT_ACCOUNTS.linkedin.ids) {
    const a: LinkedinSeedAccount = { id: Number(id), name: `Bench report ${id.slice(-2)}`, currency: 'USD', members: [[user, 'ACCOUNT_MANAGER']], groups: CAMPAIGNS, campaignsPerGroup: 1 };
    seeding.addAccount(a, r);
    seeding.seedObjects(a, r);
  }
}
