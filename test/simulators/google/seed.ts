/**
 * Deterministic seed data. Fixed ids and names (documented in README.md); the seed only varies
 * statuses/bids/texts and the metric stream. The large benchmark account is built lazily.
 */
import { rng } from '../common/sim-kit';
import { dayToIso, todayIn } from './dates';
import { HISTORY_DAYS } from './metrics';
import {
  addAdGroup,
  addCampaign,
  emptyAccount,
  GoogleState,
  type AccountData,
  type Customer,
  type EntityStatus,
} from './state';

export interface SeedOptions {
  seed: number;
  /** Entities in the benchmark account 9000000001 (0 = none). */
  largeAccountEntities: number;
}

export const LARGE_ACCOUNT_ID = '9000000001';

interface CustomerSeed extends Partial<Customer> {
  id: string;
  descriptiveName: string;
}

const USERS: Array<{ name: string; customers: string[] }> = [
  { name: 'alice', customers: ['1000000001', '1000000002', '1000000003', '2000000000'] },
  { name: 'bob', customers: ['3000000001', '3000000002'] },
  // A Google identity with no Ads access at all (answers NOT_ADS_USER).
  { name: 'nobody', customers: [] },
];

const CUSTOMERS: CustomerSeed[] = [
  { id: '1000000001', descriptiveName: 'Alice Shoes US', currencyCode: 'USD', timeZone: 'America/New_York' },
  { id: '1000000002', descriptiveName: 'Alice Shoes EU', currencyCode: 'EUR', timeZone: 'Europe/Berlin' },
  { id: '1000000003', descriptiveName: 'Alice Outlet JP', currencyCode: 'JPY', timeZone: 'Asia/Tokyo', testAccount: true },
  {
    id: '2000000000',
    descriptiveName: 'Alice Agency MCC',
    currencyCode: 'USD',
    timeZone: 'America/Los_Angeles',
    manager: true,
    clientIds: ['2000000001', '2000000002', '2000000003'],
  },
  { id: '2000000001', descriptiveName: 'Client Bakery', currencyCode: 'USD', timeZone: 'America/Los_Angeles', parentId: '2000000000' },
  { id: '2000000002', descriptiveName: 'Client Florist', currencyCode: 'GBP', timeZone: 'Europe/London', parentId: '2000000000' },
  {
    id: '2000000003',
    descriptiveName: 'Client Closed Gym',
    currencyCode: 'USD',
    timeZone: 'America/Los_Angeles',
    parentId: '2000000000',
    status: 'CANCELED',
  },
  { id: '3000000001', descriptiveName: 'Bob Bikes', currencyCode: 'USD', timeZone: 'America/Chicago' },
  { id: '3000000002', descriptiveName: 'Bob Repairs', currencyCode: 'AUD', timeZone: 'Australia/Sydney' },
];

const CAMPAIGN_NAMES = ['Brand', 'Generic', 'Retargeting', 'Competitors', 'Summer Sale', 'Display Awareness'];
const CHANNELS = ['SEARCH', 'SEARCH', 'DISPLAY', 'SEARCH', 'PERFORMANCE_MAX', 'DISPLAY'];
const BIDDING = ['MANUAL_CPC', 'MAXIMIZE_CONVERSIONS', 'TARGET_CPA', 'TARGET_ROAS', 'MAXIMIZE_CONVERSION_VALUE'];
const WORDS = ['running shoes', 'trail shoes', 'sneakers sale', 'buy boots', 'cheap sandals', 'kids shoes', 'leather shoes'];
const MATCH = ['EXACT', 'PHRASE', 'BROAD'];
const ASSET_TYPES = ['TEXT', 'IMAGE', 'SITELINK', 'CALLOUT', 'YOUTUBE_VIDEO'];
const STRENGTH = ['POOR', 'AVERAGE', 'GOOD', 'EXCELLENT'];

function customer(s: CustomerSeed): Customer {
  return {
    currencyCode: 'USD',
    timeZone: 'America/New_York',
    manager: false,
    testAccount: false,
    status: 'ENABLED',
    autoTaggingEnabled: true,
    hidden: false,
    clientIds: [],
    ...s,
  };
}

/** Id counters; the large account gets its own bases so its ids never depend on build order. */
interface IdBase {
  campaign: number;
  budget: number;
  adGroup: number;
  ad: number;
  criterion: number;
  asset: number;
}

interface Shape {
  campaigns: number;
  adGroupsPerCampaign: number;
  adsPerAdGroup: number;
  keywordsPerAdGroup: number;
  assets: number;
}

function buildAccount(c: Customer, shape: Shape, ids: IdBase, seed: number): AccountData {
  const r = rng(seed ^ Number(c.id.slice(-6)));
  const acct = emptyAccount(c.id);
  const today = todayIn(c.timeZone);
  const pick = <T>(arr: readonly T[]) => arr[Math.floor(r() * arr.length)]!;
  const status = (i: number): EntityStatus => (i % 3 === 2 ? 'PAUSED' : 'ENABLED');
  for (let ci = 0; ci < shape.campaigns; ci++) {
    const cid = String(ids.campaign++);
    const started = today - HISTORY_DAYS - Math.floor(r() * 200);
    const base = CAMPAIGN_NAMES[ci % CAMPAIGN_NAMES.length]!;
    addCampaign(acct, {
      id: cid,
      customerId: c.id,
      name: ci < CAMPAIGN_NAMES.length ? base : `${base} ${Math.floor(ci / CAMPAIGN_NAMES.length) + 1}`,
      status: status(ci),
      advertisingChannelType: CHANNELS[ci % CHANNELS.length]!,
      biddingStrategyType: pick(BIDDING),
      budgetId: String(ids.budget++),
      startDate: dayToIso(started),
      metricsFrom: started,
    });
    for (let gi = 0; gi < shape.adGroupsPerCampaign; gi++) {
      const gid = String(ids.adGroup++);
      const channel = CHANNELS[ci % CHANNELS.length]!;
      addAdGroup(acct, {
        id: gid,
        customerId: c.id,
        campaignId: cid,
        name: `Ad group ${gi + 1}`,
        status: status(gi),
        type: channel === 'DISPLAY' ? 'DISPLAY_STANDARD' : 'SEARCH_STANDARD',
        cpcBidMicros: Math.round(0.5 + r() * 3) * 1_000_000,
        metricsFrom: started,
      });
      for (let ai = 0; ai < shape.adsPerAdGroup; ai++) {
        acct.ads.push({
          adId: String(ids.ad++),
          adGroupId: gid,
          campaignId: cid,
          customerId: c.id,
          status: status(ai),
          type: channel === 'DISPLAY' ? 'RESPONSIVE_DISPLAY_AD' : 'RESPONSIVE_SEARCH_AD',
          name: `Ad ${ai + 1}`,
          finalUrls: [`https://shop.example.com/c${ci + 1}/g${gi + 1}`],
          adStrength: pick(STRENGTH),
          metricsFrom: started,
        });
      }
      for (let ki = 0; ki < shape.keywordsPerAdGroup; ki++) {
        const negative = ki === shape.keywordsPerAdGroup - 1 && ki > 1;
        acct.criteria.push({
          criterionId: String(ids.criterion++),
          adGroupId: gid,
          campaignId: cid,
          customerId: c.id,
          status: status(ki),
          type: 'KEYWORD',
          negative,
          keywordText: `${WORDS[(ci + gi + ki) % WORDS.length]}${ki >= WORDS.length ? ` ${ki}` : ''}`,
          matchType: MATCH[ki % MATCH.length]!,
          qualityScore: negative ? undefined : 1 + Math.floor(r() * 10),
          cpcBidMicros: negative ? undefined : Math.round(0.5 + r() * 2) * 1_000_000,
          metricsFrom: negative ? Number.POSITIVE_INFINITY : started,
        });
      }
    }
  }
  for (let i = 0; i < shape.assets; i++) {
    const type = ASSET_TYPES[i % ASSET_TYPES.length]!;
    acct.assets.push({
      id: String(ids.asset++),
      customerId: c.id,
      name: `${type.toLowerCase()} asset ${i + 1}`,
      type,
      text: type === 'TEXT' || type === 'CALLOUT' ? `Free shipping ${i + 1}` : undefined,
      finalUrls: type === 'SITELINK' ? [`https://shop.example.com/s${i + 1}`] : [],
    });
  }
  return acct;
}

const SMALL: Shape = { campaigns: 3, adGroupsPerCampaign: 2, adsPerAdGroup: 2, keywordsPerAdGroup: 3, assets: 4 };

/** Spreads ~n entities over the levels: 1% campaigns, 9% ad groups, 30% ads, 50% keywords, 10% assets. */
function largeShape(n: number): Shape {
  const campaigns = Math.max(1, Math.round(n * 0.01));
  return {
    campaigns,
    adGroupsPerCampaign: Math.max(1, Math.round((n * 0.09) / campaigns)),
    adsPerAdGroup: 3,
    keywordsPerAdGroup: 5,
    assets: Math.round(n * 0.1),
  };
}

export function seedState(opts: SeedOptions): GoogleState {
  const state = new GoogleState();
  const ids: IdBase = {
    campaign: 21_000_000_000,
    budget: 13_000_000_000,
    adGroup: 150_000_000_000,
    ad: 700_000_000_000,
    criterion: 10_000_000,
    asset: 50_000_000_000,
  };
  for (const s of CUSTOMERS) {
    const c = customer(s);
    state.addCustomer(c, c.manager ? emptyAccount(c.id) : buildAccount(c, SMALL, ids, opts.seed));
  }
  for (const u of USERS) state.users.set(u.name, { name: u.name, email: `${u.name}@example.com`, customerIds: [...u.customers] });
  if (opts.largeAccountEntities > 0) {
    const c = customer({ id: LARGE_ACCOUNT_ID, descriptiveName: 'Bench Mega Store', currencyCode: 'USD', timeZone: 'UTC' });
    const bigIds: IdBase = {
      campaign: 31_000_000_000,
      budget: 33_000_000_000,
      adGroup: 350_000_000_000,
      ad: 800_000_000_000,
      criterion: 40_000_000,
      asset: 60_000_000_000,
    };
    state.addCustomer(c, () => buildAccount(c, largeShape(opts.largeAccountEntities), bigIds, opts.seed));
    state.users.get('alice')!.customerIds.push(LARGE_ACCOUNT_ID);
    state.users.set('bench', { name: 'bench', email: 'bench@example.com', customerIds: [LARGE_ACCOUNT_ID] });
  }
  return state;
}
